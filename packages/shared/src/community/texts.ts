import { PRODUCT_NAME } from "../common/paths";

/** Limits of the join form (spec sections 5 and 9). */
export const JOIN_LIMITS = { name: 35, description: 200, email: 35 } as const;

/**
 * User-facing texts of the community screens (join, beta, early adopters). Texts quoted by the
 * spec in English are verbatim ({product} = Hybridge), even where their wording is odd; its
 * French ones are in English, like the screens (decision 019).
 */
export const CommunityTexts = {
  // Join (spec sections 5 and 8).
  joinTitle: `Join ${PRODUCT_NAME}`,
  joinLead:
    "Tell us about the app you want to build. We read every request and come back to you by e-mail.",
  allFieldsRequired: "All fields must have valid files.",
  nameTooLong: `Project name must be at most ${JOIN_LIMITS.name} characters.`,
  descriptionTooLong: `Description must be at most ${JOIN_LIMITS.description} characters.`,
  emailTooLong: `Email must be at most ${JOIN_LIMITS.email} characters.`,
  emailInvalid: "The email address is not valid.",
  segmentInvalid: "Please choose a sector from the list.",
  countryInvalid: "Please choose a country from the list.",
  joinFailed: (message: string) => `An error has occurred: ${message}`,
  joinSuccessTitle: "Request received",
  joinSuccess: (name: string, email: string) =>
    `Thank you! Your request for “${name}” has been received. We will write to ${email} soon.`,
  joinSubmit: "Join",
  justTryFirst: "Just want to try it first?",
  questions: "Questions?",
  projectNameLabel: "Project name",
  projectNamePlaceholder: "My shop app",
  descriptionLabel: "Description",
  descriptionPlaceholder: "What should your app do, and for whom?",
  sectorLabel: "Sector",
  chooseSector: "Choose a sector",
  countryLabel: "Country",
  chooseCountry: "Choose a country",
  /** Under the name and the description: how much of its limit the text takes. */
  characterCount: (length: number, max: number) => `${length}/${max} characters`,

  // Beta (spec sections 5 and 8).
  betaTitle: "Join the beta",
  betaLead: `Leave your e-mail to be among the first to build native apps with ${PRODUCT_NAME}.`,
  betaEmailExists: "Email already exists",
  betaAlreadyRegistered: `This email is already registered. Thank you for your interest in ${PRODUCT_NAME}!`,
  betaFailed: (message: string) => `Error: ${message}`,
  betaThanksTitle: `Thanks for joining ${PRODUCT_NAME}`,
  betaThanksBody: "You are on the list. We will e-mail you as soon as your beta access is ready.",
  /** The spec's success-dialog confirm text (section 9). */
  betaConfirm: "Let's Go!",
  betaSubmit: "Join",
  haveAppInMind: "Have an app in mind?",
  tellUsAboutIt: "Tell us about it",

  // Early adopters (/dash).
  earlyAdoptersTitle: "Early adopters",
  earlyAdoptersLead: "Everyone who joined the beta, newest first.",
  earlyAdoptersForbidden: `Only ${PRODUCT_NAME} admins can see the early adopters.`,
  earlyAdoptersEmpty: "No one has joined the beta yet.",
  earlyAdoptersCount: (count: number) => `${count} early adopter${count === 1 ? "" : "s"}`,
  loadingAccess: "Loading your access",
  loadingEarlyAdopters: "Loading early adopters",
} as const;

/** Error codes of the community API beyond the common ones. */
export const CommunityErrorCodes = {
  EMAIL_EXISTS: "EMAIL_EXISTS",
} as const;
