import type { NavbarType, Segment } from "./enums";
import { MAX_JSON_DEPTH } from "./json";

/**
 * The platform's own texts, those of no one feature: the API's generic errors, what every request
 * is checked for (characters, JSON depth, multipart forms), the copy buttons, and the words the
 * console's frame and shared pieces say (its bar, Not found, a failed page, Loading, Cancel…).
 * Every feature's texts are in its own `<feature>/texts.ts`. English, like every screen but the
 * French pages (decision 019).
 */

/** What any route may answer: the error handler's, the rate limit's, the HTTP parser's. */
export const GenericTexts = {
  internal: "An unexpected error occurred. Please try again.",
  unavailable: "The service is temporarily unavailable. Please try again in a moment.",
  notFound: "Not found",
  unauthenticated: "Not Logged In - You must be logged in to proceed.",
  rateLimited: "Too many attempts. Please wait a moment and try again.",
  invalidInput: "The request is not valid.",
  /** The apps' own calls (dev config, installs): a missing or wrong key, or an unknown app. */
  databaseKeyRequired: "A valid Test Mode key is required.",
  /** The project's Test Mode key, presented while its owner has switched it off. */
  testKeySwitchedOff:
    "The Test Mode key is switched off for this project. A live app calls with its app key and its signed-in user's token; the project's owner can switch the Test Mode key on again in the project's settings.",
  pathTooLong: "path: is too long.",
  /** What the HTTP parser refuses before any route runs (error-handler.ts, answerClientError). */
  malformedRequest: "The request could not be read: it is not well-formed HTTP.",
  truncatedRequest: "The request ended before its body was whole. Please send it again.",
  headersTooLarge: "The request's headers are too large.",
  requestTimeout: "The request took too long to arrive. Please send it again.",
  /** The web client's own, when a request got no answer at all. */
  networkError: "Cannot reach Hybridge. Check your connection and try again.",
  /** An upload the user stopped (the web client's). */
  uploadCancelled: "The upload was cancelled.",
} as const;

/** Characters that are never stored (decision 017). */
/** /metrics (platform/metrics.ts): a scrape without METRICS_TOKEN as its Bearer token. */
export const MetricsTexts = {
  tokenRequired: "A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).",
} as const;

export const CharacterTexts = {
  /**
   * `field` is a path such as `name` or `items.0.title`, or the part of the request (`body`,
   * `path`, `query`) when its bytes are not UTF-8 text.
   */
  notAllowed: (field: string) => `${field}: contains a character that is not allowed.`,
  /** An uploaded file's name (a form's `bundle` field), which is kept: the same rule. */
  notAllowedInFileName: (field: string) =>
    `${field}: the file's name contains a character that is not allowed.`,
} as const;

export const JsonTexts = {
  /** `field` is `body`, or the form field that holds the JSON. */
  tooDeep: (field: string, max = MAX_JSON_DEPTH) =>
    `${field}: nests objects and arrays more than ${max} levels deep.`,
} as const;

/** A multipart form's refusals, in our words: the parser's own are not for users. */
export const MultipartTexts = {
  notMultipart: "Send the form as multipart/form-data.",
  fieldTooLong: "A form field is too long.",
  fieldsFirst: "Send the text fields before the files.",
  oneFilePerField: "Send one file per field.",
  unexpectedFile: (field: string, expected: readonly string[]) =>
    `This form takes no file named "${field.slice(0, 40)}" (expected: ${expected.join(", ") || "none"}).`,
  unnamedFile: "A file was sent without a file name.",
  unnamedPart: "Every field and file of the form needs a name.",
  reservedName: "A form field has a name that is not allowed.",
  fileTooLarge: "A file in this form is too large.",
  tooManyParts: "This form has too many fields or files.",
  malformed: "The form could not be read. Please send it again.",
} as const;

/** The copy buttons' texts (spec sections 8 and 9), wherever a copy button stands. */
export const CopyTexts = {
  copy: "Copy",
  copied: "Copied!",
  /** Spec section 8's copy failure, in English like the screens that show it (decision 019). */
  copyFailed: "Could not copy the text.",
  /**
   * When the browser refuses every way of copying (a plain-http address other than localhost has
   * no clipboard API, and a browser may refuse the older command too), the text is selected on
   * the page instead.
   */
  copyByHand:
    "Could not copy the text: your browser does not allow it here. The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.",
  /** Spec section 9: a copy label returns to "Copy" after 2 s. */
  copyResetMs: 2000,
} as const;

/**
 * The words of the console's frame (apps/web's app/ layer: the console bar, Not found, a page
 * that failed) and the defaults of its shared pieces (components/ui/), which every feature's
 * screens use.
 */
export const UiTexts = {
  loading: "Loading",
  back: "Back",
  cancel: "Cancel",
  close: "Close",
  tryAgain: "Try again",
  /** The password field's toggle: its name stays while aria-pressed says the password shows. */
  showPassword: "Show password",
  emailLabel: "Email",
  emailPlaceholder: "you@company.com",
  /** "Back to" + a link named yourProjects. */
  backTo: "Back to",
  yourProjects: "your projects",

  // The console bar (its links to a feature's page are named by that page's title).
  consoleLabel: "Console",
  userMenu: "User menu",
  support: "Support",
  account: "Account",

  // Not found, and a page that failed.
  notFoundLead: "The page you are looking for does not exist or has moved.",
  backHome: "Back to home",
  errorTitle: "Something went wrong",
  errorLead:
    "An unexpected error stopped this page. Reload it to try again; if it keeps happening, tell us how you got here.",
  reload: "Reload the page",
} as const;

/** What the shared fields say (common/fields.ts): an e-mail address, a password. */
export const FieldTexts = {
  emailMissing: "Please enter your email address.",
  emailInvalid: "The email address is not valid.",
  passwordMissing: "Please enter your password.",
  newPasswordMissing: "Please enter a password.",
  passwordTooShort: (min: number) => `Password must be at least ${min} characters.`,
  passwordTooLong: (max: number) => `Password must be at most ${max} characters.`,
} as const;

// How the enumerations' values (common/enums.ts) are named to the user.
/** Human-readable names of the sectors, in the order of SEGMENTS. */
export const SEGMENT_LABELS: Record<Segment, string> = {
  ecommerce: "E-commerce",
  healthcare: "Healthcare",
  education: "Education",
  finance: "Finance",
  retail: "Retail",
  transport: "Transport",
  realEstate: "Real estate",
  food: "Food",
  travel: "Travel",
  sports: "Sports",
  media: "Media",
  socialNetwork: "Social network",
  business: "Business",
  other: "Other",
};

/** The navigation bar types, as the new app's and the test console's selects name them. */
export const NAVBAR_LABELS: Record<NavbarType, string> = {
  none: "None",
  header: "Header",
  footer: "Footer",
};
