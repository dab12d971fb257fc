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
  // An address no one uses: the same answer, and no mail written after it (which the check of
  // what the refused cases stored would see).
  "POST /api/v1/auth/password-reset": {
    access: "none",
    valid: 202,
    request: (s) => ({ headers: app(s.project.keyApp), body: { email: uniqueEmail("nobody") } }),
  },
  "POST /api/v1/auth/password-reset/check": {
    access: "none",
    request: (s) => ({ body: { token: s.resetToken } }),
  },
  // The valid request spends the token: the cases after it answer 400 like any used link.
  "POST /api/v1/auth/password-reset/confirm": {
    access: "none",
    valid: 204,
    request: (s) => ({ body: { token: s.resetToken, password: s.appUser.password } }),
  },
  // The seed's project does not ask for verification: the user is told so.
  "POST /api/v1/auth/verification": {
    access: "none",
    valid: 409,
    request: (s) => ({
      headers: { ...app(s.project.keyApp), authorization: `Bearer ${s.appUser.accessToken}` },
    }),
  },
  "POST /api/v1/auth/verification/confirm": {
    access: "none",
    request: (s) => ({ body: { token: s.verifyToken } }),
  },

  // The console's Users section: the owner's project (another user's answers 404).
  "GET /api/projects/:id/app-users": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id }, query: { search: "app-user" } }),
  },
  "GET /api/projects/:id/app-users/settings": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "PATCH /api/projects/:id/app-users/settings": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id }, body: { verifyEmail: false } }),
  },
  "POST /api/projects/:id/app-users/:userId/disable": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, userId: s.consoleDoomedAppUser.id } }),
  },
  "POST /api/projects/:id/app-users/:userId/enable": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, userId: s.consoleDoomedAppUser.id } }),
  },
  "POST /api/projects/:id/app-users/:userId/password-reset": {
    access: "owner",
    valid: 202,
    request: (s) => ({ params: { id: s.project.id, userId: s.appUser.id } }),
  },
  "DELETE /api/projects/:id/app-users/:userId": {
    access: "owner",
    valid: 204,
    request: (s) => ({ params: { id: s.project.id, userId: s.consoleDoomedAppUser.id } }),
  },
};
