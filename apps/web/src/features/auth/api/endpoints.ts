/** The auth API's endpoints (same origin). */
export const authEndpoints = {
  session: "/api/session",
  signIn: "/api/auth/sign-in/email",
  signUp: "/api/auth/sign-up/email",
  signOut: "/api/auth/sign-out",
  passwordReset: "/api/account/password-reset",
  password: "/api/account/password",
  adminVerification: "/api/account/admin-verification",
  account: "/api/account",
} as const;
