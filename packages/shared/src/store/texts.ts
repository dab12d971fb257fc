import type { ModulePlatform } from "../common/enums";

/**
 * User-facing texts of the store, the module page and the add-module form. The spec's own
 * wording (sections 2, 5 and 8) is kept verbatim; the rest is ours.
 */
export const StoreTexts = {
  // Store (spec section 2)
  storeTitle: "Module store",
  storeDescription:
    "Native Kotlin and Swift modules that bring maps, animation, 3D and more to your app.",
  emptyStore: "The store is empty for the moment. Come back soon!",
  modulesListLabel: "Modules",
  /** After a multiplatform module's name: the systems it runs on. */
  systemsDetail: (systems: readonly string[]) => ` (${systems.join(" and ")})`,
  addModule: "Add a module",
  loadingStore: "Loading the store",
  free: "Free",

  // Module detail (spec sections 2 and 8)
  moduleNotFound: "Sorry, this module could not be found.",
  loadFailed: "An error occurred while loading the data.",
  backToStore: "Back to Store",
  integrate: "Integrate this Module",
  loadingModule: "Loading the module",
  platformLabel: "Platform",
  priceLabel: "Price",
  descriptionHeading: "Description",
  similarHeading: "Similar modules",
  videoLabel: (title: string) => `Demo video of ${title}`,
  deleteModule: "Delete",
  deleteTitle: "Delete this module?",
  deleteWarning:
    "The module, its thumbnail and its video are removed from the store, and from every project that integrates it. This cannot be undone.",
  deleteConfirm: "Delete module",
  deleted: "The module has been deleted.",
  deleteFailed: "The module could not be deleted. Please try again.",
  forbiddenDelete: "Only the module's author or an admin can delete it.",

  // Integrate dialog
  integrateTitle: "Integrate this Module",
  integrateDescription: (title: string) => `Choose the project that should use ${title}.`,
  integrateLoading: "Loading your projects",
  integrateNoProjects: "You don't have any projects at the moment.",
  integrateCreateProject: "Create an app",
  integrated: "Integrated",
  integrateAction: "Integrate",
  /** Read out after Integrated and Integrate: which project. */
  inProject: (project: string) => `in ${project}`,
  intoProject: (project: string) => `into ${project}`,
  integrateProjectsLabel: "Your projects",
  integrateSuccess: (title: string, project: string) => `${title} is now part of ${project}.`,
  integrateFailed: "The module could not be integrated. Please try again.",
  projectNotFound: "This project could not be found.",

  // The project page's Modules section
  projectModulesTitle: "Modules",
  projectModulesDescription: "The store modules this app integrates.",
  projectModulesLoading: "Loading the modules",
  projectModulesEmpty: "This app does not integrate any module yet.",
  projectModulesBrowse: "Browse the module store",
  projectModulesLoadFailed: "The app's modules could not be loaded.",
  projectModulesRetry: "Try again",
  removeModule: "Remove",
  removeModuleLabel: (title: string) => `Remove ${title}`,
  removeTitle: "Remove this module?",
  removeWarning: (title: string, project: string) =>
    `${title} will no longer be part of ${project}. You can integrate it again from the store.`,
  removeConfirm: "Remove module",
  removed: (title: string) => `${title} was removed from the app.`,
  removeFailed: "The module could not be removed. Please try again.",
  moduleNotIntegrated: "This module is not part of this project.",

  // Add module (spec sections 5 and 8)
  addModuleTitle: "Add a module",
  addModuleDescription:
    "Publish a native module to the store: a thumbnail is required, a short demo video is welcome.",
  titleLabel: "Title",
  titlePlaceholder: "Interactive Maps",
  descriptionLabel: "Description",
  descriptionPlaceholder: "What the module does, on which systems, and how to use it.",
  thumbnailLabel: "Thumbnail",
  thumbnailHint: (maxLabel: string, maxMegapixels: number) =>
    `PNG, JPEG, WebP or AVIF, up to ${maxLabel} and ${maxMegapixels} megapixels; a large picture is scaled down.`,
  videoLabelField: "Demo video (optional)",
  videoHint: (maxLabel: string) => `MP4 or WebM, up to ${maxLabel}.`,
  priceFieldLabel: "Price (€)",
  priceHint: "0 makes the module free.",
  platformFieldLabel: "Platform",
  submit: "Add module",
  submitting: "Uploading…",
  uploadProgress: "Upload progress",
  checkingFiles: "Checking the files…",
  required: "Title, description, and a thumbnail image are required.",
  thumbnailUploadFailed: "Thumbnail upload failed. Please try again.",
  videoUploadFailed: "Video upload failed. Please try again.",
  titleTooLong: (max: number) => `The title can be at most ${max} characters.`,
  descriptionTooLong: (max: number) => `The description can be at most ${max} characters.`,
  priceInvalid: "The price must be a number.",
  priceNegative: "The price must be 0 or more.",
  priceTooHigh: (max: string) => `The price can be at most ${max}.`,
  priceCents: "The price can have at most 2 decimals (cents).",
  platformInvalid: "Choose multiplatform, Android or iOS.",
  notAnImage: "The thumbnail must be a PNG, JPEG, WebP or AVIF image.",
  notAVideo: "The video must be an MP4 or WebM file.",
  thumbnailTooBig: (maxMegapixels: number) =>
    `The thumbnail has too many pixels: at most ${maxMegapixels} megapixels.`,
  fileTooLarge: (what: "thumbnail" | "video", maxLabel: string) =>
    `The ${what} is too large (maximum ${maxLabel}).`,
  created: "Your module is in the store!",
  removeFile: "Remove",
} as const;

/** How each module platform is named to the user. */
export const MODULE_PLATFORM_LABELS: Record<ModulePlatform, string> = {
  multiplatform: "Multiplatform",
  android: "Android",
  ios: "iOS",
};
