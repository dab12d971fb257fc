import { PRODUCT_NAME } from "../common/paths";

/**
 * User-facing texts of the auth screens (spec sections 2, 5 and 8), verbatim where the spec gives
 * them in English; its French texts and typos are put right (decision 019).
 */
export const AuthTexts = {
  /** The sign-in page's title and button, and every link or button to it. */
  signIn: "Sign In",
  signUp: "Sign Up",
  passwordLabel: "Password",
  passwordHint: (min: number) => `At least ${min} characters.`,

  // Sign in (/login).
  loginLead: `Welcome back. Sign in to your ${PRODUCT_NAME} console.`,
  newTo: `New to ${PRODUCT_NAME}?`,
  createAccount: "Create an account",
  wantEarlyAccess: "Want early access?",
  needHelp: "Need help?",
  forgotPassword: "Forgot your password?",

  // Sign up (/signup).
  signupLead: `Create your ${PRODUCT_NAME} account and ship your first native app.`,
  alreadyHaveAccount: "Already have an account?",
  confirmPasswordLabel: "Confirm password",

  // Reset (/reset-password) and change (/change-password).
  resetTitle: "Reset your password",
  resetLead:
    "Enter the e-mail of your account and we will send you a link to choose a new password.",
  rememberedIt: "Remembered it?",
  backToLogin: "Back to login",
  sendAnotherLink: "Send another link",
  sendResetLink: "Send reset link",
  changeTitle: "Change your password",
  changeLead: "Choose a new password for your account.",
  askNewLink: "Ask for a new link",
  newPasswordLabel: "New password",
  confirmNewPasswordLabel: "Confirm new password",
  /** The change form's button, and the account page's link to it. */
  changePassword: "Change password",

  // Account settings (/leave).
  accountTitle: "Account settings",
  signedInAs: "Signed in as",
  securityTitle: "Security",
  securityLead: "Keep your account safe with a strong password.",
  sessionTitle: "Session",
  sessionLead: `Sign out of ${PRODUCT_NAME} on this device.`,
  logOut: "Log Out",
  dangerTitle: "Danger zone",
  dangerLead: "Delete your account and everything in it.",
  cannotBeUndone: "This cannot be undone.",
  deleteAccount: "Delete Account",

  /** The session could not be read (network or server down). */
  sessionCheckFailed: "We could not check your session.",
  sessionCheckHint: "Check your connection, then try again.",

  loginFailed: "Error: check e-mail / password",
  nameMissing: "Please enter your name.",
  nameTooLong: "Your name must be at most 120 characters.",
  confirmPasswordMissing: "Please confirm your password.",
  passwordsDiffer: "Passwords do not match.",
  accountExists: "An account with this email already exists. Please log in or use another email.",
  welcomeTitle: "Welcome to Hybridge!",
  welcomeBody:
    "Your account is ready. Create your first app, scan it with the dev app and ship it to the stores.",
  welcomeConfirm: "Let's Go!",
  resetInvalidEmail: "The email address is not valid.",
  resetUserNotFound: "No user is associated with this email address.",
  resetMissingEmail: "Please enter an email address.",
  resetEmptyField: "Please enter your email address.",
  resetGeneric: "Something went wrong while sending the reset e-mail. Please try again.",
  resetSent: "A password reset e-mail has been sent. Check your inbox and follow the link.",
  resetLinkInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  changeMismatch: "Passwords do not match.",
  changeNewPasswordMissing: "Please enter a new password.",
  changeConfirmMissing: "Please confirm your new password.",
  changeRecentLogin: "Please log in again to change your password.",
  changeWeak: "New password is too weak.",
  changeFailed: "Failed to change password.",
  changeNoUser: "No user is currently logged in.",
  changeNotConnected: "You are not connected.",
  changeSuccess: "Your password has been changed.",
  deleteWarning:
    "This action is irreversible: it permanently deletes your account and all your data — your apps, their settings, builds and files, your test configurations, comments and evaluation.",
  deleteConfirm: "Delete my account",
  deleteDone: "Your account has been deleted.",
  deleteFailed: "Failed to delete your account. Please try again.",
  logoutDone: "You are logged out.",
  loginPrompt: "You must be logged in to see this page.",

  // Admin addresses are verified by mail (docs/decisions/032-admin-by-proof.md).
  verifyTitle: "Verify your e-mail address",
  verifyDoneTitle: "E-mail address verified",
  verifyDone: "Your e-mail address is verified: your admin rights are active.",
  verifyContinue: "Go to the early adopters",
  verifySendAgain: "Send a new link",
  verifyExpired:
    "This verification link has expired. Sign in and send a new one from the early adopters page.",
  verifyInvalid:
    "This verification link is invalid. Sign in and send a new one from the early adopters page.",
  verifySignInRequired:
    "Open this link in the browser where you are signed in with this e-mail address, or sign in and open it again.",
  adminUnverifiedTitle: "Verify your e-mail address",
  adminUnverified: (email: string) =>
    `${email} is an admin address, but it is not verified yet: until it is, this account has no admin rights. Open the link of the verification e-mail in this browser.`,
  adminVerificationSend: "Send the verification e-mail",
  adminVerificationSent: (email: string) =>
    `A verification e-mail has been sent to ${email}. Open its link in this browser within 24 hours.`,
  adminVerificationFailed:
    "The verification e-mail could not be sent. Please try again in a moment.",
  nothingToVerify: "This account has no e-mail address to verify.",
} as const;

/**
 * The mails the auth flows send: the password reset's, and the admin address's verification
 * (decision 032). Apart from AuthTexts: only the server sends them, and the web's bundle, which
 * carries AuthTexts, leaves them out.
 */
export const AuthMailTexts = {
  // The password reset (better-auth's sendResetPassword).
  resetSubject: "Reset your Hybridge password",
  /** Its body, as text and as HTML; `url` is its link. */
  resetText: (url: string) =>
    [
      "Hello,",
      "",
      `Someone asked to reset the password of your ${PRODUCT_NAME} account.`,
      "Open this link within one hour to choose a new password:",
      "",
      url,
      "",
      "If it was not you, ignore this e-mail: your password stays as it is.",
      "",
      `— The ${PRODUCT_NAME} team`,
    ].join("\n"),
  resetHtml: (url: string) =>
    `<p>Hello,</p><p>Someone asked to reset the password of your ${PRODUCT_NAME} account.</p><p><a href="${url}">Choose a new password</a> (the link works for one hour).</p><p>If it was not you, ignore this e-mail: your password stays as it is.</p><p>— The ${PRODUCT_NAME} team</p>`,
  // The verification of an admin address.
  verifySubject: "Verify your Hybridge e-mail address",
  /**
   * Its body, as text and as HTML (given its values escaped): the server's
   * address, the link, and the reset page that takes an account over.
   */
  verifyText: (server: string, url: string, resetUrl: string) =>
    [
      "Hello,",
      "",
      `A ${PRODUCT_NAME} account was created at ${server} with this e-mail address, which this server lists as an admin's. Its admin rights start once the address is verified.`,
      "",
      "If you created it, open this link within 24 hours, in the browser where you are signed in to it:",
      "",
      url,
      "",
      `If you did not create it, do not open the link: someone else registered your address. Take the account over by choosing a new password at ${resetUrl}, which signs them out.`,
      "",
      `— The ${PRODUCT_NAME} team`,
    ].join("\n"),
  verifyHtml: (server: string, url: string, resetUrl: string) =>
    `<p>Hello,</p><p>A ${PRODUCT_NAME} account was created at ${server} with this e-mail address, which this server lists as an admin's. Its admin rights start once the address is verified.</p><p>If you created it, <a href="${url}">verify your e-mail address</a> within 24 hours, in the browser where you are signed in to it.</p><p>If you did not create it, do not open the link: someone else registered your address. Take the account over by <a href="${resetUrl}">choosing a new password</a>, which signs them out.</p><p>— The ${PRODUCT_NAME} team</p>`,
} as const;
