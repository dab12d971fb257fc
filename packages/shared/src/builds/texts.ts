import type { BuildPlatform } from "../common/enums";
import { GenericTexts } from "../common/errors";

/** How each platform is named to the user: the tabs, the cards and the toasts. */
export const PLATFORM_LABELS: Record<BuildPlatform, string> = {
  android: "Android",
  apple: "Apple",
};

/** The store each platform's card stands for (spec: "App Store/Apple, Google Play/Android"). */
export const PLATFORM_STORES: Record<BuildPlatform, string> = {
  android: "Google Play",
  apple: "App Store",
};

/**
 * User-facing texts of the project page and the builds history (spec sections 2, 4 and 8),
 * verbatim where the spec gives them.
 */
export const BuildsTexts = {
  notLoggedIn: GenericTexts.unauthenticated,
  projectError: "Project Error - Project information is not loaded correctly.",
  projectLoadFailed: "Could not load project data.",
  buildDataFailed: (platform: BuildPlatform) =>
    `Could not load ${PLATFORM_LABELS[platform]} build data. Check console for details (missing index?).`,
  buildStarted: (platform: BuildPlatform) =>
    `Build Started! Your ${PLATFORM_LABELS[platform]} build is now in the queue.`,
  buildFailed: "Build Failed - Something went wrong while starting the build.",
  buildInProgress: "Build in progress...",
  noRelease: "No release published",
  publishedOn: (date: string) => `Published on ${date}`,
  version: (version: number) => `Version ${version}`,
  publish: "Publish",
  update: "Update",
  back: "Back",
  test: "Test",
  settings: "Settings",
  settingsHint:
    "Settings holds the database key and the install command. The key is shown only once; if you lost it, generate a new one there.",
  publishConfirm: "Are you sure you want to publish this build? This cannot be undone.",
  publishTitle: "Publish this build?",
  publishFailed: "Failed to publish the build. Please try again.",
  publishDone: "The build is published.",
  cancel: "Cancel",
  projectNotFound: "This project could not be found.",
  projectNotFoundHint: "It does not exist, or it belongs to another account.",
  backToProjects: "Back to my projects",
  buildNotFound: "This build could not be found.",
  notPending: (status: string) =>
    status === "published"
      ? "This build is already published."
      : `Only a pending build can be published; this one is ${status}.`,
  versionAlreadyPublished: (version: number) =>
    `Version ${version} is already published. Request a new build to publish a newer version.`,
  installKeyRequired: GenericTexts.databaseKeyRequired,
  invalidPlatform: "The platform must be android or apple.",
  invalidAppKey: "The app key is not valid.",
  invalidInstallId: "The install id must be 16 to 64 letters, digits, - or _.",
  noBuilds: (platform: BuildPlatform) => `No ${PLATFORM_LABELS[platform]} builds yet.`,
  noBuildsHint: "Request one from a project page: it appears here, newest first.",
  unknownStatus: "Unknown",
  loading: "Loading",
} as const;
