import { PRODUCT_NAME } from "../common/paths";

/**
 * User-facing texts of the projects screens (spec sections 2, 5 and 8): home, new app,
 * settings and update. Verbatim where the spec gives them in English; its French texts are
 * translated (decision 019).
 */
export const ProjectsTexts = {
  // Home
  homeTitle: "My Projects",
  empty: "You don't have any projects at the moment.",
  since: (relative: string) => `Since ${relative}`,
  addApp: "+ App",
  listLoadFailed: "Your projects could not be loaded.",
  retry: "Retry",
  homeLead: "Your apps, newest first, with their installs on each platform.",
  loadingProjects: "Loading projects",
  createFirstApp: "Create your first app",
  projectsListLabel: "Projects",
  /** A project card's app code, read out before it. */
  appCodePrefix: "App key:",
  open: "Open",

  // New app
  newTitle: "New app",
  newLead: "Name your app, pick its code, then give it its colours and icons.",
  projectStep: "Project",
  customizationStep: "Customization",
  nameLabel: "Name",
  namePlaceholder: "My Shop",
  appCodeLabel: "App key",
  codeHint:
    "A unique key for your app, without spaces. It is public: the dev app, the command line (--app-key) and your app (HYBRIDGE_APP_KEY) use it.",
  codePlaceholder: "my-shop",
  checkingCode: "Checking…",
  descriptionLabel: "Description",
  segmentLabel: "Segment",
  chooseSegment: "Choose a segment",
  navBarLabel: "Navigation bar",
  themeColorLabel: "Theme color",
  statusBarColorLabel: "Status bar color",
  colorPlaceholder: "#RRGGBB",
  launchIconLabel: "Launch icon",
  notificationIconLabel: "Notification icon",
  iconHints: {
    launch: "PNG or JPEG, exactly 512×512 px, up to 2 MB.",
    notification: "SVG, exactly 48×48 px, up to 100 KB. No scripts or external links.",
  },
  uploadingIcons: "Uploading icons",
  creating: "Creating your app…",
  nameRequired: "Please enter your app's name.",
  nameTooLong: (max: number) => `The name must be at most ${max} characters.`,
  codeRequired: "Please enter an app key.",
  codeTooLong: (max: number) => `The app key must be at most ${max} characters.`,
  codeTaken: "This app key is already taken.",
  codeAvailable: "This app key is available.",
  descriptionRequired: "Please enter a description.",
  descriptionTooLong: (max: number) => `The description must be at most ${max} characters.`,
  segmentRequired: "Please choose a segment.",
  navBarRequired: "Please choose a navigation bar type.",
  invalidHex: "Please enter a valid hex color code (e.g., #RRGGBB).",
  createSubmit: "Create App",
  createBusy: "Creation in progress...",
  mustBeLoggedInToCreate: "You must be logged in to create an app.",
  unknownError: "An unknown error occurred.",
  encryptionFailed: "Encryption service failed.",
  created: "App created successfully!",

  // Settings
  settingsTitle: "App settings",
  settingsNotFound: "This project's information could not be found.",
  loadingSettings: "Loading settings",
  /** "Everything" + the app's name + settingsLeadEnd. */
  settingsLeadStart: "Everything",
  settingsLeadEnd: `needs to talk to ${PRODUCT_NAME}.`,
  displayedOnce: "Displayed only once",
  databaseKeyTitle: "Test Mode key",
  installTitle: "Install",
  installOpenTerminal: "Open a terminal.",
  installCreate: "Create the project with your app key:",
  /** "In the new project's" + `.env.development` + installEnvEnd. */
  installEnvStart:
    "Your app never needs the Test Mode key. For your own scripts and curl calls to the data API during development, keep it in the project's",
  installEnvEnd: "file, which stays out of Git:",
  /** What the environment line shows while the key is hidden. */
  keyPlaceholder: "<your Test Mode key>",
  openTestConsole: "Open the test console",
  goToProject: "Go to the project",
  /** What each Copy button copies, read out after Copy. */
  copyLabels: {
    databaseKey: "Test Mode key",
    command: "command",
    environmentLine: "environment line",
    appId: "application ID",
  },
  appIdTitle: "Application ID",
  appIdExplanation:
    "Your project's id, encrypted for your account: only you can turn it back into the id (the encryption function's decrypt call, signed in). Hybridge keeps it in the project's settings record, but nothing asks for it today: your app needs only its app key.",
  appIdShow: "Show the application ID",
  shownOnce:
    "This page is displayed only once: copy your Test Mode key now and keep it somewhere safe. You will not be able to see it again.",
  keyHidden:
    "Your Test Mode key was shown once and is now hidden. If you lost it, generate a new one: the current key stops working at once.",
  keyTestMode:
    "Your project's Test Mode key: a development credential that bypasses the access rules. It reads and writes every document of this project (and nothing else of your account). Use it for your own scripts and calls to the data API while you develop, never inside an app: your app calls with its app key and its users' sign-in, in the dev app as live, and reaches only what your rules allow. If it leaks, generate a new key: the old one stops working at once.",
  testKeySwitchLabel: "Allow the Test Mode key",
  testKeyOn: "On: the key opens this project's database, bypassing the rules.",
  testKeyOff: "Off: every call and live query made with the key is refused.",
  testKeySwitchHint:
    "Switch it off when your app goes live: calls and live queries made with the key are refused at once, wherever it went. Switch it on again at any time: the same key works again.",
  testKeySwitchedOn: "The Test Mode key is on.",
  testKeySwitchedOff: "The Test Mode key is off: calls made with it are refused.",
  testKeySwitchFailed: "Could not change the Test Mode key. Please try again.",
  regenerate: "Generate a new key",
  regenerateTitle: "Generate a new Test Mode key?",
  regenerateWarning:
    "The current key stops working at once: every app and dev app that uses it must be given the new key. The new key is shown only once.",
  regenerateConfirm: "Generate the new key",
  regenerated: "A new Test Mode key was generated. Copy it now.",
  regenerateFailed: "Could not generate a new key. Please try again.",

  // Update
  updateTitle: "Update app",
  /** "Change" + the app's name + updateLeadEnd. */
  updateLeadStart: "Change",
  updateLeadEnd: ", one part at a time.",
  backToProjects: "Back to my projects",
  appNameLabel: "App name",
  appDescriptionLabel: "App description",
  appSegmentLabel: "App segment",
  /** An update form's button, its new value's label and its upload, named by the form's title. */
  updateButton: (title: string) => `Update ${title.toLowerCase()}`,
  newValueLabel: (title: string) => `New ${title.toLowerCase()}`,
  uploadingValue: (title: string) => `Uploading ${title.toLowerCase()}`,
  saving: "Saving…",

  // The project page.
  projectTitle: "Project",
  loadingProject: "Loading project",
  notConnected: "You are not connected.",
  invalidProjectId: "Invalid project ID.",
  descriptionEmpty: "Description cannot be empty.",
  descriptionUpdateError: "Error updating description.",
  updateError: "Error updating the project. Please try again.",
  nothingToUpdate: "Nothing to update.",
  updated: {
    name: "Name updated.",
    description: "Description updated.",
    segment: "Segment updated.",
    color: "Theme color updated.",
    statusbar: "Status bar color updated.",
    launch: "Launch icon updated.",
    notification: "Notification icon updated.",
  },
} as const;

/** What the limits say, wherever they are met (server refusals, the console's bars). */
export const QuotaTexts = {
  usageTitle: "Usage",
  usageLead: "What this project keeps on the server, against this server's limits.",
  usageLoadFailed: "Could not load this project's usage.",
  bundlesLabel: "Web bundles kept",
  bundlesKept: (kept: number, limit: number) =>
    `${kept} of ${limit}: at each upload, bundles older than the newest ${limit} are deleted (never one a build is using).`,
  storageLabel: "Storage",
  storageUsed: (used: string, limit: string) =>
    `${used} of ${limit} used by web bundles, over-the-air updates and documents' files.`,
  storageFull: (limitMb: number) =>
    `This project's storage is full (${limitMb} MB for web bundles, over-the-air updates and documents' files). Delete old web bundles, updates no install needs or documents with files to make room.`,
  projectsUsed: (count: number, limit: number) => `${count} of ${limit} projects`,
  /** Projects cannot be deleted one by one yet: the limit is the server's to raise. */
  tooManyProjects: (limit: number) =>
    `You have reached this server's limit of ${limit} ${limit === 1 ? "project" : "projects"} per account: no new app can be created.`,
} as const;

/** The encryption functions' refusal (spec section 7). */
export const FunctionsTexts = {
  decryptFailed: "Decryption failed: the text is not a valid cipher text for this service.",
} as const;
