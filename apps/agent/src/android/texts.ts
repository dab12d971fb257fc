/**
 * What an Android build says to the project's owner: a failed build's reason (shown on the
 * project page) and the starter page of an app built without a web bundle.
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
  starterHeading: "Your app is ready",
  starterBody:
    "Upload your web app in the Hybridge console, build again, and it replaces this page.",
} as const;
