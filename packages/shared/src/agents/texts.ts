/** Texts of the build machines (agents): their API's refusals and the admin's screen. */
export const AgentsTexts = {
  tokenRequired: "A build machine token is required (Authorization: Bearer hb_agent_…).",
  tokenInvalid: "This build machine token is not valid or was revoked.",
  leaseLost:
    "This build is no longer yours: it was cancelled, timed out or taken by another build machine.",
  buildNotFound: "This build could not be found.",
  invalidPlatforms: "Choose at least one platform: android or apple.",
  invalidName: "The name must be 1 to 64 characters.",
  invalidPercent: "The percent must be a whole number from 0 to 100.",
  invalidLogLine: "A log line must be at most 2,000 characters, on one line.",
  tooManyLogLines: "Send at most 200 log lines at a time.",
  invalidReason: "The reason must be 1 to 2,000 characters.",
  invalidSha256: "The certificate fingerprint must be 64 hexadecimal characters.",
  invalidPassword: "The keystore password must be 8 to 128 letters, digits, - or _.",
  invalidAlias: "The key alias must be 1 to 64 characters among a-z, 0-9, '.', '_' and '-'.",
  artifactRequired: "Send the built app as the request body.",
  artifactTooLarge: (maxMb: number) => `The built app is larger than ${maxMb} MB.`,
  artifactNotApk: "The built app is not an APK (a zip with AndroidManifest.xml).",
  keystoreNotPkcs12: "The keystore is not a PKCS#12 file.",
  keystoreTooLarge: "The keystore is larger than 64 KB.",
  keystoreRequired: "Send the keystore (a PKCS#12 file) as the request body.",
  keystoreFileRequired: "Choose the keystore file (PKCS#12, often named .p12 or .jks).",
  keystoreWrongPassword: "The password does not open this keystore.",
  keystoreAliasMissing: (alias: string, found: readonly string[]) =>
    `The keystore holds no key named "${alias}"${
      found.length > 0 ? ` (it holds: ${found.slice(0, 3).join(", ")})` : ""
    }.`,
  keystoreNoPrivateKey: (alias: string) => `The keystore's entry "${alias}" has no private key.`,
  keystoreNoCertificate: (alias: string) => `The keystore's entry "${alias}" has no certificate.`,
  keystoreKeyMismatch: (alias: string) =>
    `The certificate of "${alias}" in the keystore is not the one of its private key.`,
  keystoreUnreadable:
    "The keystore could not be read: it is damaged or uses an encryption that is not supported.",
  keystoreTooCostly: (max: number) =>
    `The keystore's encryption asks for more than ${max.toLocaleString("en-US")} iterations: make it again with keytool.`,
  invalidOwnerPassword:
    "The keystore password must be 6 to 128 characters: letters, digits, spaces and ASCII punctuation.",
  uploadKeyLocked:
    "An Android build of this project was published: its upload key can no longer be replaced or reset, or the next version would not install over it.",
  signedWithOldKey:
    "Signed with an upload key that was since replaced or reset: request a new build.",
  noArtifact: "This build has no artifact yet.",
  signingKeyExists: "This project already has a signing key: sign with it.",
  agentNotFound: "This build machine could not be found.",
  stoppedResponding: "The build machine stopped responding",
  /** A build its machine handed back as it stopped (POST /api/agents/release, the server's close). */
  handedBack: "The build machine stopped and handed the build back",
  /** A build taken back while a newer request of its app and platform waits (decision 035). */
  supersededOnRequeue:
    "The build machine stopped responding; a newer request of this app is already in the queue, so this one is cancelled.",
  // A build machine's reasons for a failed build, whatever the platform (apps/agent/src/runner).
  buildFailed: "The build failed.",
  bundleUnsafePath: (name: string) => `The bundle has an unsafe path: ${name}`,
  bundleTooLarge: "The bundle is too large to unpack.",
  /** The last line a full build log keeps. */
  logFull: "… (later log lines were not kept: the log is full)",
  // The admin screen.
  title: "Build machines",
  adminOnly: "Only an admin can manage build machines.",
  /** The name of the build machine the server runs itself. */
  embeddedName: "Embedded build machine",
  created: "Build machine added. Copy its token now: it is shown only once.",
  /** What its Copy button copies ("Copy the build machine's token"). */
  tokenCopyLabel: "the build machine's token",
  revoked: "Build machine revoked.",
  connected: "connected",
  notConnected: "not connected",
  lastSeen: (when: string) => `last seen ${when}`,
  buildingProject: (project: string) => `building ${project}`,
  revoke: "Revoke",
  newMachineName: "Name of the new build machine",
  appleBuilds: "macOS (Apple builds)",
  addMachine: "Add build machine",
  /** Before the command that starts the new machine with its token. */
  runItThere: "Run it there:",
  runCommand: (server: string, token: string) =>
    `npm run agent -- --server ${server} --token ${token}`,
} as const;

/**
 * What an Android build says to the project's owner: a failed build's reason (shown on the
 * project page), the build log's own lines, and the starter page of an app built without a web
 * bundle.
 */
export const AndroidBuildTexts = {
  toolchainMissing: (missing: readonly string[]) =>
    `The Android build tools are not installed on this build machine: ${missing.join(", ")} missing.`,
  stepFailed: (step: string, tool: string, exit: string) =>
    `The Android build failed while ${step} (${tool} ${exit}). The build log has the details.`,
  stepTimedOut: (step: string, seconds: number) =>
    `The Android build was stopped: ${step} took longer than ${seconds} s.`,
  signatureNotVerified:
    "The signed APK did not pass the signature check (APK Signature Scheme v2 and v3).",
  bundleWithoutIndex: "The web bundle has no index.html at its top level.",
  bundleLink: (path: string) =>
    `The web bundle contains a link (${path}); a bundle holds plain files and folders only.`,
  bundleBadName: (path: string) =>
    `The web bundle contains a file name an Android app cannot hold: ${path}`,
  launchIconUnreadable: "The launch icon could not be read as a PNG or JPEG image.",
  invalidColor: (field: string, value: string) =>
    `The ${field} "${value}" is not a hex colour code (e.g., #RRGGBB).`,
  invalidVersion: (version: number) =>
    `The build version ${version} is not a whole number between 1 and 2100000000.`,
  invalidKeyAlias:
    "The signing key's alias may hold only lower-case letters, digits, dots, dashes and underscores (at most 64).",
  /** What stepFailed and stepTimedOut say the build was doing, step by step (steps.ts, keystore.ts). */
  steps: {
    assemble: "assembling the app's code",
    packageResources: "packaging the resources",
    align: "aligning the APK",
    sign: "signing the APK",
    verify: "verifying the signature",
    createUploadKey: "creating the upload key",
  },
  /** The colours invalidColor names. */
  statusBarColour: "status bar colour",
  themeColour: "theme colour",
  /** The common name of an upload key made for an app whose name leaves nothing to put there. */
  defaultKeyName: "Hybridge app",
  // The build log's own lines, beside the tools' output.
  logStart: (packageName: string, versionName: string) =>
    `Android build of ${packageName}, version ${versionName}`,
  logNoBundle: "No web bundle: the app shows the starter page",
  logPermissions: (permissions: readonly string[]) =>
    `Permissions the web bundle needs: ${permissions.length > 0 ? permissions.join(", ") : "none beyond INTERNET"}`,
  logDexReused: "classes.dex: assembled earlier from the same smali, reused",
  logApkReady: (bytes: number, sha256: string) => `APK ready: ${bytes} bytes, SHA-256 ${sha256}`,
  logMakingUploadKey: "First Android build of this app: making its upload key",
  starterHeading: "Your app is ready",
  starterBody:
    "Upload your web app in the Hybridge console, build again, and it replaces this page.",
} as const;
