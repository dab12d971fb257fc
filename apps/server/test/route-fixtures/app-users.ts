import { uniqueEmail } from "../test-app";
import type { RouteFixtures } from "./fixture";

const app = (keyApp: string) => ({ "x-hybridge-app": keyApp });

/** The app users' API (decision 043): every request names the project by its app key. */
export const appUsersFixtures: RouteFixtures = {
  "OPTIONS /api/v1/auth/*": {
    access: "none",
    valid: 204,
    request: () => ({ params: { "*": "sign-in" } }),
  },
  "POST /api/v1/auth/sign-up": {
    access: "none",
    valid: 201,
    request: (s) => ({
      headers: app(s.project.keyApp),
      body: { email: uniqueEmail("app-user"), password: "a new password" },
    }),
  },
  "POST /api/v1/auth/sign-in": {
    access: "none",
    request: (s) => ({
      headers: app(s.project.keyApp),
      body: { email: s.appUser.email, password: s.appUser.password },
    }),
  },
  // A refresh rotates the token (a second use revokes its family): only refusals are sent.
  "POST /api/v1/auth/refresh": {
    access: "none",
    valid: "skip",
    request: (s) => ({
      headers: app(s.project.keyApp),
      body: { refreshToken: s.appUser.refreshToken },
    }),
  },
  "POST /api/v1/auth/sign-out": {
    access: "none",
    valid: 204,
    request: (s) => ({
      headers: app(s.project.keyApp),
      body: { refreshToken: s.appUser.refreshToken },
    }),
  },
  "GET /api/v1/auth/user": {
    access: "none",
    request: (s) => ({
      headers: { ...app(s.project.keyApp), authorization: `Bearer ${s.appUser.accessToken}` },
    }),
  },
  "DELETE /api/v1/auth/user": {
    access: "none",
    valid: 204,
    request: (s) => ({
      headers: {
        ...app(s.project.keyApp),
        authorization: `Bearer ${s.doomedAppUser.accessToken}`,
      },
      body: { password: s.doomedAppUser.password },
    }),
  },
};
