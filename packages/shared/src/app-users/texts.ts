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
} as const;
