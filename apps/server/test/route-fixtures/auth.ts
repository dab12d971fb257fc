import { uniqueEmail } from "../test-app";
import type { RouteFixtures } from "./fixture";

const PASSWORD_OF_NEW_USERS = "correct-horse-battery";

export const authFixtures: RouteFixtures = {
  "POST /api/auth/sign-in/email": {
    access: "none",
    request: (s) => ({ body: { email: s.owner.email, password: s.owner.password } }),
  },
  "POST /api/auth/sign-up/email": {
    access: "none",
    request: () => ({
      body: { email: uniqueEmail(), password: PASSWORD_OF_NEW_USERS, name: "New user" },
    }),
  },
  "POST /api/auth/sign-out": { access: "none", valid: "skip", request: () => ({}) },
  "GET /api/auth/reset-password/:token": {
    access: "public",
    // better-auth sends an unknown token on to the password page with ?error=INVALID_TOKEN.
    valid: 302,
    request: () => ({
      params: { token: "not-a-token" },
      query: { callbackURL: "/change-password" },
    }),
  },
  "GET /api/auth/verify-email": {
    access: "none",
    // An unknown token lands on the result page with ?error=INVALID_TOKEN.
    valid: 302,
    request: () => ({ query: { token: "not-a-token" } }),
  },
  "* /api/auth/*": {
    access: "none",
    valid: 404,
    request: () => ({ params: { "*": "get-session" } }),
  },
  "GET /api/session": { access: "none", request: () => ({}) },
  "POST /api/account/password-reset": {
    access: "none",
    request: (s) => ({ body: { email: s.owner.email } }),
  },
  "POST /api/account/password": {
    access: "none",
    // The same password again: the valid request changes nothing the other cases rely on.
    request: (s) => ({
      body: { newPassword: s.owner.password, confirmPassword: s.owner.password },
    }),
  },
  "GET /api/account/admin-verification": { access: "none", request: () => ({}) },
  // The owner's address is no admin's: nothing to verify.
  "POST /api/account/admin-verification": { access: "none", valid: 409, request: () => ({}) },
  "DELETE /api/account": { access: "none", valid: "skip", request: () => ({}) },
};
