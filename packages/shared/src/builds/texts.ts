import { AgentsTexts } from "../agents/texts";
import type { BuildPlatform } from "../common/enums";
import { GenericTexts } from "../common/texts";
import type { PhoneAddressSource } from "./phone-address";

/** How each platform is named to the user: the tabs, the cards and the toasts. */
export const PLATFORM_LABELS: Record<BuildPlatform, string> = {
  android: "Android",
  apple: "Apple",
};

/**
 * The store each platform's card stands for in the spec ("App Store/Apple, Google Play/Android").
 * Hybridge uploads to neither yet (issue 28): the cards are titled by platform, and a store's
 * name appears only where the text says the upload is not available.
 */
export const PLATFORM_STORES: Record<BuildPlatform, string> = {
  android: "Google Play",
  apple: "App Store",
};

function publishConfirmParts(platform: BuildPlatform): string[] {
  return [
    platform === "android"
      ? "Publishing makes this version the download of the app's install page: anyone with the page's address or its QR code can download and install this APK."
      : "Publishing marks this version as the app's published Apple version.",
    `Uploading to ${PLATFORM_STORES[platform]} is not available yet.`,
    "This cannot be undone.",
  ];
}

/**
 * User-facing texts of the project page and the builds history (spec sections 2, 4 and 8),
 * verbatim where the spec gives them.
 */
export const BuildsTexts = {
  notLoggedIn: GenericTexts.unauthenticated,
  // The builds history (/build), the console bar's "Builds".
  historyTitle: "Builds",
  historyLead:
    "Your Android and Apple builds, newest first. Publish a pending build once it is ready.",
  platformTabsLabel: "Platform",
  platformBuilds: (platform: BuildPlatform) => `${PLATFORM_LABELS[platform]} builds`,
  loadingPlatform: (platform: BuildPlatform) => `Loading ${PLATFORM_LABELS[platform]}`,
  projectError: "Project Error - Project information is not loaded correctly.",
  projectLoadFailed: "Could not load project data.",
  buildDataFailed: (platform: BuildPlatform) =>
    `Could not load ${PLATFORM_LABELS[platform]} build data. Check console for details (missing index?).`,
  buildStarted: (platform: BuildPlatform) =>
    `Build Started! Your ${PLATFORM_LABELS[platform]} build is now in the queue.`,
  buildFailed: "Build Failed - Something went wrong while starting the build.",
  /** A request while the platform already has a pending build: that one is the answer (decision 035). */
  alreadyQueued: (platform: BuildPlatform) =>
    `Your ${PLATFORM_LABELS[platform]} build is already in the queue: it builds the newest web app.`,
  /** BUILD_MAX_QUEUED_PER_USER (decision 035). */
  queueFull: (max: number) =>
    `You already have ${max} ${max === 1 ? "build" : "builds"} in the queue. Wait for one to finish, or cancel one, before requesting another.`,
  buildInProgress: "Build in progress...",
  noRelease: "No release published",
  publishedOn: (date: string) => `Published on ${date}`,
  version: (version: number) => `Version ${version}`,
  /** The over-the-air channel a build's hybridge.json carries (decision 056). */
  updateChannel: (channel: string) => `Updates: channel ${channel}`,
  publish: "Publish",
  update: "Update",
  back: "Back",
  test: "Test",
  settings: "Settings",
  settingsHint:
    "Settings holds the Test Mode key and the install command. The key is shown only once; if you lost it, generate a new one there.",
  /**
   * The publish confirmation, one sentence per entry (joined by publishConfirm): what publishing
   * does, what it does not, and that it cannot be undone.
   */
  publishConfirmParts,
  publishConfirm: (platform: BuildPlatform) => publishConfirmParts(platform).join(" "),
  /** Under the card's title: what publishing reaches, and what not yet. */
  cardPublishNote: (platform: BuildPlatform) =>
    platform === "android"
      ? `Published builds go to the install page. ${PLATFORM_STORES[platform]} upload is not available yet.`
      : `${PLATFORM_STORES[platform]} upload is not available yet.`,
  cardTitle: (platform: BuildPlatform) => `${PLATFORM_LABELS[platform]} app`,
  publishTitle: "Publish this build?",
  publishFailed: "Failed to publish the build. Please try again.",
  publishDone: "The build is published.",
  cancel: "Cancel",
  projectNotFound: "This project could not be found.",
  projectNotFoundHint: "It does not exist, or it belongs to another account.",
  backToProjects: "Back to my projects",
  buildNotFound: "This build could not be found.",
  /** Publishing needs a signed app: only a ready build can be published (decision 020). */
  notReady: (status: string) =>
    status === "published"
      ? "This build is already published."
      : `Only a ready build can be published; this one is ${status}.`,
  requestBuild: (platform: BuildPlatform) => `Build ${PLATFORM_LABELS[platform]} app`,
  queued: (position: number) => `Queued: position ${position}`,
  waitingForAgent: (platform: BuildPlatform) =>
    platform === "apple"
      ? "Waiting for a macOS build machine"
      : "Waiting for an Android build machine",
  waitingForAgentWithPosition: (platform: BuildPlatform, position: number) =>
    `${platform === "apple" ? "Waiting for a macOS build machine" : "Waiting for an Android build machine"} (position ${position} in the queue)`,
  /** Before a request that would wait: no connected build machine builds the platform. */
  noBuilderTitle: (platform: BuildPlatform) =>
    platform === "apple"
      ? "No macOS build machine is connected"
      : "No Android build machine is connected",
  noBuilderWarning: (platform: BuildPlatform) =>
    platform === "apple"
      ? "Apple apps are built on a Mac: until a macOS build machine connects to this server, an Apple build waits in the queue. You can queue it now and it starts when one connects."
      : "This server does not build Android apps itself (its Android tools are missing or its builder is off) and no Android build machine is connected: a build waits in the queue until one connects. You can queue it now and it starts when one connects.",
  queueAnyway: "Queue anyway",
  building: (percent: number) => `Building: ${percent}%`,
  readyToPublish: "Ready to publish",
  failedBecause: (reason: string) => `Build failed: ${reason}`,
  cancelBuild: "Cancel build",
  cancelBuildTitle: "Cancel this build?",
  cancelBuildConfirm: "The build stops and nothing is published. You can request a new one.",
  cancelBuildDone: "The build is cancelled.",
  cancelBuildFailed: "Could not cancel the build. Please try again.",
  /** The build log's line for a build its owner cancelled. */
  cancelledByOwner: "Cancelled by the owner.",
  notCancellable: (status: string) =>
    `Only a pending or building build can be cancelled; this one is ${status}.`,
  viewLog: "View log",
  logTitle: (version: number) => `Build log: version ${version}`,
  logEmpty: "No log lines yet.",
  logLoadFailed: "Could not load the build log.",
  downloadApk: "Download APK",
  noArtifact: "This build has no app to download yet.",
  installPage: "Install page",
  signingKeyTitle: "Android signing key",
  signingKeyHint:
    "Every Android build of this project is signed with this upload key, so updates install over earlier versions. Keep it to publish on Google Play later.",
  signingKeyNone:
    "The key is made at the project's first Android build, unless you upload one of your own.",
  signingKeyPasswordWhere:
    "Hybridge keeps the keystore and its password encrypted; Download keystore shows the password, to you only, each time.",
  downloadKeystore: "Download keystore",
  keystoreDialogTitle: "Download the keystore",
  keystoreDialogLead:
    "The keystore (a PKCS#12 file) and its password sign this app: keep both somewhere safe, e.g. a password manager. You need them to sign the app elsewhere, or to publish it on Google Play later.",
  keystorePasswordLabel: "Keystore password",
  keystorePasswordCopyLabel: "keystore password",
  keystorePasswordLoading: "Loading the keystore password",
  keystorePasswordFailed: "Could not load the keystore password. Please try again.",
  keystoreFileLink: "Download the keystore file",
  close: "Close",
  /** Before the upload key's certificate fingerprint. */
  certificateFingerprint: "SHA-256",
  // The upload key part (decision 033): the owner's own key, or a new one, until a publication.
  uploadKeyTitle: "Upload key",
  uploadKeyChangeable:
    "Until a version is published, you can replace this key with a keystore of your own, or reset it.",
  uploadKeyLocked: AgentsTexts.uploadKeyLocked,
  replaceKey: "Replace",
  replaceKeyTitle: "Replace the upload key",
  replaceKeyLead:
    "Choose a PKCS#12 keystore holding your key and its certificate. Android builds are signed with it from now on; builds signed with the current key and not published yet fail.",
  keystoreFile: "Keystore file",
  keystorePassword: "Keystore password",
  keyAlias: "Key alias",
  replaceKeySubmit: "Replace key",
  uploadingKeystore: "Uploading the keystore",
  checkingKeystore: "Checking the keystore",
  keyReplaced: "Upload key replaced: the next Android builds are signed with it.",
  keyReplaceFailed: "Could not replace the upload key. Please try again.",
  resetKey: "Reset",
  resetKeyTitle: "Reset the upload key?",
  resetKeyConfirm:
    "The key is deleted and the next Android build makes a new one. Builds signed with this key and not published yet fail. Download the keystore first to keep it.",
  keyReset: "Upload key reset: the next Android build makes a new one.",
  keyResetFailed: "Could not reset the upload key. Please try again.",
  nothingPublished: "This app has no published Android version yet.",
  appNotFound: "This app could not be found.",
  // The install page (/install/{appKey}).
  installTitle: "Install",
  installAppTitle: (name: string) => `Install ${name}`,
  loadingApp: "Loading the app",
  /** `size` as formatStorageSize says it: "21 KB", "4.2 MB". */
  apkSize: (size: string) => `${size} · Allow installs from this browser when Android asks.`,
  installQrLabel: (name: string) => `QR code of the install page of ${name}`,
  installQrHint: "Scan with your phone to open this page there.",
  leaseLost: "The build machine stopped responding",
  versionAlreadyPublished: (version: number) =>
    `Version ${version} is already published. Request a new build to publish a newer version.`,
  installKeyRequired: GenericTexts.databaseKeyRequired,
  invalidPlatform: "The platform must be android or apple.",
  invalidAppKey: "The app key is not valid.",
  invalidInstallId: "The install id must be 16 to 64 letters, digits, - or _.",
  noBuilds: (platform: BuildPlatform) => `No ${PLATFORM_LABELS[platform]} builds yet.`,
  noBuildsHint: "Request one from a project page: it appears here, newest first.",
  /** A build status's badge (status-badge.ts); an unknown one is shown raw, an empty one as: */
  unknownStatus: "Unknown",
  statusLabels: {
    published: "Published",
    pending: "Pending",
    building: "Building",
    ready: "Ready",
    failed: "Failed",
    cancelled: "Cancelled",
  },
} as const;

/**
 * The addresses a phone gets (issue 28, decision 058): said the same way by the deploy, the bundle
 * upload, the build page, `hybridge dev` and the test console (phone-address.ts).
 */
export const PhoneAddressTexts = {
  unreachableTitle: "A phone cannot reach this server address",
  /** The address names the computer itself; the fix depends on who sets it. */
  unreachable: (source: PhoneAddressSource, url: string) =>
    source === "publicUrl"
      ? `PUBLIC_URL (${url}) is this computer's own address: on a phone, localhost is the phone itself. Restart the server with PUBLIC_URL set to an address the phone can reach on your network, for example PUBLIC_URL=http://192.168.1.10:3300 npm start.`
      : `The app's server address (${url}, HYBRIDGE_SERVER in its .env) is this computer's own address: on a phone, localhost is the phone itself. Set HYBRIDGE_SERVER to an address the phone can reach (this Hybridge server's PUBLIC_URL on your network, for example http://192.168.1.10:3300), then build and upload the web app again.`,
  developmentBuildTitle: "Development build",
  /** A build of an http:// deployment (decision 058). */
  developmentBuild: (publicUrl: string) =>
    `Development build: talks to ${publicUrl} without encryption. Set PUBLIC_URL to an https address for apps you give to users.`,
} as const;
