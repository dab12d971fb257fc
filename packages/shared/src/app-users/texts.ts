/**
 * Texts of the app users' API (decision 043): the people who sign in to a project's app. English:
 * the app's developer reads them first, and the app may show them as they are.
 */
export const AppUsersTexts = {
  appKeyMissing: "X-Hybridge-App: send your app's public app key in this header.",
  appNotFound: "No app with this app key.",
  emailMissing: "email: enter an e-mail address.",
  emailInvalid: "email: enter a valid e-mail address, for example ana@example.com.",
  passwordMissing: "password: enter the password.",
  passwordLength: (min: number, max: number) => `password: use ${min} to ${max} characters.`,
  refreshTokenMissing: "refreshToken: send the refresh token that sign-in or refresh gave.",
  emailTaken: "An account with this e-mail already exists in this app: sign in instead.",
  invalidCredentials: "Wrong e-mail or password.",
  wrongPassword: "The password is wrong.",
  disabled: "This account is disabled.",
  sessionEnded: "This session has ended: sign in again.",
  tokenRequired:
    "Sign in again: the access token is missing, expired or not valid for this app (Authorization: Bearer <accessToken>).",
  userGone: "This account no longer exists or is disabled: sign in again.",
  linkTokenMissing: "token: send the token of the mailed link.",
  resetLinkInvalid:
    "This password reset link has expired or was already used: ask the app for a new one.",
  verifyLinkInvalid:
    "This verification link has expired or was already used: ask the app for a new one.",
  verificationOff:
    "E-mail verification is off for this app: its owner turns it on in the console's Users section.",
  searchInvalid: "search: enter part of an e-mail address (254 characters at most).",
  invalidCursor: "cursor: use the nextCursor of the previous page.",
  verifyEmailInvalid: "verifyEmail: send true or false.",
  projectNotFound: "This project does not exist or is not yours.",
  userNotFound: "This app user does not exist in this project.",
} as const;

/** HTML-escapes a text written into a mail's HTML (an app's name is its owner's text). */
const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The mails app users receive, in their app's name (not Hybridge's): the app's name is in the
 * subject, the body and the signature.
 */
export const AppUsersMailTexts = {
  resetSubject: (app: string) => `Reset your ${app} password`,
  resetText: (app: string, url: string) =>
    [
      "Hello,",
      "",
      `Someone asked to reset the password of your ${app} account.`,
      "Open this link within one hour to choose a new password:",
      "",
      url,
      "",
      "If it was not you, ignore this e-mail: your password stays as it is.",
      "",
      `— ${app}`,
    ].join("\n"),
  resetHtml: (app: string, url: string) =>
    `<p>Hello,</p><p>Someone asked to reset the password of your ${html(app)} account.</p><p><a href="${html(url)}">Choose a new password</a> (the link works for one hour).</p><p>If it was not you, ignore this e-mail: your password stays as it is.</p><p>— ${html(app)}</p>`,
  verifySubject: (app: string) => `Verify your e-mail address for ${app}`,
  verifyText: (app: string, url: string) =>
    [
      "Hello,",
      "",
      `Welcome to ${app}. Open this link within 24 hours to verify your e-mail address:`,
      "",
      url,
      "",
      "If you did not create an account, ignore this e-mail.",
      "",
      `— ${app}`,
    ].join("\n"),
  verifyHtml: (app: string, url: string) =>
    `<p>Hello,</p><p>Welcome to ${html(app)}. <a href="${html(url)}">Verify your e-mail address</a> (the link works for 24 hours).</p><p>If you did not create an account, ignore this e-mail.</p><p>— ${html(app)}</p>`,
} as const;

/** The public pages the mailed links open (/app-auth/reset, /app-auth/verify). */
export const AppAuthPageTexts = {
  resetTitle: "Choose a new password",
  resetTitleFor: (app: string) => `Choose a new password for ${app}`,
  resetLead: (email: string) => `For the account ${email}.`,
  checking: "Checking the link…",
  passwordLabel: "New password",
  passwordHint: (min: number) => `At least ${min} characters.`,
  save: "Save the new password",
  resetDone: (app: string) =>
    `Your password is changed. Go back to ${app} and sign in with it: your other sessions were signed out.`,
  resetFailed: "The password could not be changed. Try again in a moment.",
  noToken: "This page opens from the link of a mail: the link has no token.",
  verifyTitle: "Verify your e-mail address",
  verifying: "Verifying your e-mail address…",
  verifyDoneTitle: "E-mail address verified",
  verifyDone: (app: string, email: string) =>
    `${email} is verified for ${app}. You can go back to the app.`,
  verifyFailed: "The address could not be verified. Try again in a moment.",
  retry: "Try again",
} as const;

/** The console's Users section of a project (owner only). */
export const AppUsersConsoleTexts = {
  title: "Users",
  lead: "The people who signed up in your app. They are separate from console accounts.",
  loading: "Loading the users",
  loadFailed: "The users could not be loaded.",
  empty: "No one has signed up in your app yet.",
  noMatch: "No user's e-mail contains this text.",
  searchLabel: "Search by e-mail",
  searchPlaceholder: "ana@example.com",
  search: "Search",
  clearSearch: "Clear",
  loadMore: "Load more",
  listLabel: "App users",
  verified: "Verified",
  unverified: "Not verified",
  disabled: "Disabled",
  joined: "Signed up",
  disable: "Disable",
  enable: "Enable",
  delete: "Delete",
  sendReset: "Send a password reset",
  actionsFor: (email: string) => `Actions for ${email}`,
  disableTitle: "Disable this user?",
  disableText: (email: string) =>
    `${email} can no longer sign in, and their sessions end: an app already open keeps working for up to 15 minutes, until its access token expires.`,
  disabledDone: (email: string) => `${email} is disabled.`,
  enabledDone: (email: string) => `${email} can sign in again.`,
  deleteTitle: "Delete this user?",
  deleteText: (email: string) =>
    `${email}'s account is deleted for good, with their sessions. An app already open keeps working for up to 15 minutes, until its access token expires.`,
  deletedDone: (email: string) => `${email} is deleted.`,
  resetTitle: "Send a password reset?",
  resetText: (email: string) =>
    `${email} receives a mail, in your app's name, with a link to choose a new password (valid one hour).`,
  resetSend: "Send",
  resetSent: (email: string) => `A password reset link was mailed to ${email}.`,
  actionFailed: "It did not work. Try again in a moment.",
  verifyEmailLabel: "Ask new users to verify their e-mail address",
  verifyEmailHint:
    "Sign-up mails a verification link. Unverified users can still sign in; your rules can require auth.verified.",
  verifyEmailOn: "New users receive a verification link.",
  verifyEmailOff: "Sign-up no longer mails a verification link.",
} as const;
