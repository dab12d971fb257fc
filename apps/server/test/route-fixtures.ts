import { randomBytes } from "node:crypto";
import {
  createTestProject,
  launchIcon,
  notificationIcon,
  uniqueCode,
  validFields,
} from "../src/features/projects/test-support";
import {
  createTestModule,
  integrateModule,
  moduleFields,
  thumbnailPart,
} from "../src/features/store/test-support";
import type { FormPart } from "./multipart";
import { createTestUser, postJson, type TestApp, type TestUser, uniqueEmail } from "./test-app";

/**
 * One valid request for every route of the app, for the tests that walk the route table
 * (src/route-table.test.ts): each case changes one field of it, so that what answers is that
 * field. A route without a fixture fails those tests; a new route adds its own here.
 */

/** Real data of a signed-in owner, made through the API, that the requests name. */
export type Seed = {
  owner: TestUser;
  /** Another signed-in user, who owns nothing here. */
  other: TestUser;
  project: { id: string; keyApp: string };
  /** The project's database key, in clear (the dev app's Bearer token). */
  databaseKey: string;
  /** A second project of the owner's, whose database key the key route regenerates. */
  spareProjectId: string;
  /** The key of the project's launch icon (an owned file under /api/files/). */
  launchIconKey: string;
  buildId: string;
  commentId: string;
  /** A module that is read and integrated. */
  moduleId: string;
  /** A module integrated into the project, which the removal route removes. */
  integratedModuleId: string;
  /** A module the owner wrote, which the delete route deletes. */
  doomedModuleId: string;
  /** A text encrypted for the owner. */
  cipher: string;
};

async function expectOk<T>(label: string, response: Promise<{ statusCode: number; body: string }>) {
  const res = await response;
  if (res.statusCode >= 300) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as T;
}

/** Each test gets its own: the valid requests use some of it up (a deleted comment…). */
export async function createSeed(app: TestApp): Promise<Seed> {
  const owner = await createTestUser(app);
  const other = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie, {}, [launchIcon()]);
  const spare = await createTestProject(app, owner.cookie);
  const { settings } = await expectOk<{ settings: { databaseKey: string } }>(
    "settings",
    app.inject({ url: `/api/projects/${project.id}/settings`, headers: { cookie: owner.cookie } }),
  );
  const { build } = await expectOk<{ build: { id: string } }>(
    "build",
    postJson(app, `/api/projects/${project.id}/builds`, { platform: "android" }, owner.cookie),
  );
  const comment = await expectOk<{ id: string }>(
    "comment",
    postJson(app, "/api/feedback/comments", { text: "A comment" }, owner.cookie),
  );
  const module = await createTestModule(app, owner.cookie);
  const integrated = await createTestModule(app, owner.cookie);
  await expectOk("integration", integrateModule(app, integrated.id, project.id, owner.cookie));
  const doomed = await createTestModule(app, owner.cookie);
  const { texteChiffre } = await expectOk<{ texteChiffre: string }>(
    "cipher",
    postJson(app, "/api/functions/encrypt", { texte: "a secret" }, owner.cookie),
  );
  return {
    owner,
    other,
    project: { id: project.id, keyApp: project.keyApp },
    databaseKey: settings.databaseKey,
    spareProjectId: spare.id,
    launchIconKey: project.icLaunchFileUrl.replace(/^\/api\/files\//, ""),
    buildId: build.id,
    commentId: comment.id,
    moduleId: module.id,
    integratedModuleId: integrated.id,
    doomedModuleId: doomed.id,
    cipher: texteChiffre,
  };
}

/** A request in parts; the test builds the URL, headers and body from them. */
export type RequestParts = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: Record<string, unknown>;
  /** A multipart/form-data body: text fields first, then the files. */
  form?: { fields: Record<string, string>; files?: FormPart[] };
  headers?: Record<string, string>;
};

/**
 * Whose record a request names, for the ownership test: `owner` — the owner's private record
 * (anyone else gets 404); `author` — a public record that only its author (or an admin) may
 * delete (anyone else gets 403, decision 010); `public` — a record anyone may name; `none` —
 * no one's record.
 */
export type Access = "owner" | "author" | "public" | "none";

export type RouteFixture = {
  access: Access;
  /** A valid request from the seed's owner; called once per case, so values stay unique. */
  request: (seed: Seed) => RequestParts;
  /**
   * What the valid request answers the owner (any 2xx when absent), or `skip`: it must never
   * go through (it would end the session the other cases use, or stream forever), so only the
   * cases that must be refused are sent.
   */
  valid?: number | "skip";
  /** The fields that are multi-line text (they keep tabs and line breaks). */
  multiLine?: readonly string[];
};

const PASSWORD_OF_NEW_USERS = "correct-horse-battery";
/** The join form takes e-mails of up to 35 characters. */
const shortEmail = () => `j${randomBytes(6).toString("hex")}@example.test`;

/** Keyed `METHOD url` as registered; `*` for every method of a route registered with `all`. */
export const ROUTE_FIXTURES: Record<string, RouteFixture> = {
  "GET /api/health": { access: "none", request: () => ({}) },
  "GET /api/health/live": { access: "none", request: () => ({}) },
  "GET /api/health/ready": { access: "none", request: () => ({}) },

  // auth
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
  "DELETE /api/account": { access: "none", valid: "skip", request: () => ({}) },

  // community
  "POST /api/community/join": {
    access: "none",
    multiLine: ["description"],
    request: () => ({
      body: {
        name: "Ada",
        description: "An app for my shop.",
        segment: "ecommerce",
        email: shortEmail(),
        country: "France",
      },
    }),
  },
  "POST /api/community/beta": {
    access: "none",
    request: () => ({ body: { email: uniqueEmail("beta") } }),
  },
  // The owner is no admin.
  "GET /api/community/early-adopters": { access: "none", valid: 403, request: () => ({}) },

  // feedback
  "GET /api/feedback/comments": { access: "none", request: () => ({}) },
  "GET /api/feedback/comments/events": { access: "none", valid: "skip", request: () => ({}) },
  "POST /api/feedback/comments": {
    access: "none",
    multiLine: ["text"],
    request: () => ({ body: { text: "Nice work" } }),
  },
  "DELETE /api/feedback/comments/:id": {
    access: "author",
    request: (s) => ({ params: { id: s.commentId } }),
  },
  "GET /api/feedback/evaluation": { access: "none", request: () => ({}) },
  "PUT /api/feedback/evaluation": {
    access: "none",
    multiLine: ["mainAdvantage", "mainWeakness"],
    request: () => ({
      body: {
        docClarity: 4,
        apiIntuition: 3,
        backendSimplicity: 5,
        mainAdvantage: "Fast",
        mainWeakness: "Young",
      },
    }),
  },

  // files
  "GET /api/files/*": { access: "owner", request: (s) => ({ params: { "*": s.launchIconKey } }) },

  // projects
  "GET /api/projects": { access: "none", request: () => ({}) },
  "GET /api/projects/code-available": {
    access: "none",
    request: () => ({ query: { code: uniqueCode() } }),
  },
  "POST /api/projects": {
    access: "none",
    multiLine: ["description"],
    request: () => ({ form: { fields: validFields() } }),
  },
  "GET /api/projects/:id": { access: "owner", request: (s) => ({ params: { id: s.project.id } }) },
  "PATCH /api/projects/:id": {
    access: "owner",
    multiLine: ["description"],
    request: (s) => ({
      params: { id: s.project.id },
      body: { name: "Renamed", description: "A new description." },
    }),
  },
  // The notification icon: the files route serves the launch icon's key.
  "PUT /api/projects/:id/icons/:kind": {
    access: "owner",
    request: (s) => ({
      params: { id: s.project.id, kind: "notification" },
      form: { fields: {}, files: [{ ...notificationIcon(), name: "file" }] },
    }),
  },
  "GET /api/projects/:id/settings": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "POST /api/projects/:id/settings/database-key": {
    access: "owner",
    request: (s) => ({ params: { id: s.spareProjectId } }),
  },
  "POST /api/functions/encrypt": {
    access: "none",
    multiLine: ["texte"],
    request: () => ({ body: { texte: "a secret" } }),
  },
  "POST /api/functions/decrypt": {
    access: "none",
    request: (s) => ({ body: { texteChiffre: s.cipher } }),
  },

  // builds
  "GET /api/projects/:id/builds/summary": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "GET /api/projects/:id/builds/latest": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id }, query: { platform: "android" } }),
  },
  "GET /api/projects/:id/builds/events": {
    access: "owner",
    valid: "skip",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "POST /api/projects/:id/builds": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id }, body: { platform: "apple" } }),
  },
  "GET /api/builds": { access: "none", request: () => ({ query: { platform: "android" } }) },
  "POST /api/builds/:buildId/publish": {
    access: "owner",
    request: (s) => ({ params: { buildId: s.buildId } }),
  },
  "POST /api/v1/installs": {
    access: "public",
    request: (s) => ({
      body: { appKey: s.project.keyApp, platform: "android", installId: "route-table-device-0001" },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },

  // test console
  "GET /api/test-console/:appKey": {
    access: "owner",
    request: (s) => ({ params: { appKey: s.project.keyApp } }),
  },
  "PATCH /api/test-console/:appKey": {
    access: "owner",
    request: (s) => ({ params: { appKey: s.project.keyApp }, body: { statusBar: "#123456" } }),
  },
  "GET /api/v1/dev-config/:appKey": {
    access: "public",
    request: (s) => ({
      params: { appKey: s.project.keyApp },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },

  // store
  "GET /api/store/modules": { access: "none", request: () => ({}) },
  "POST /api/store/modules": {
    access: "none",
    multiLine: ["description"],
    request: () => ({ form: { fields: moduleFields(), files: [thumbnailPart()] } }),
  },
  "GET /api/store/modules/:moduleId": {
    access: "public",
    request: (s) => ({ params: { moduleId: s.moduleId } }),
  },
  "DELETE /api/store/modules/:moduleId": {
    access: "author",
    request: (s) => ({ params: { moduleId: s.doomedModuleId } }),
  },
  "GET /api/store/modules/:moduleId/projects": {
    access: "public",
    request: (s) => ({ params: { moduleId: s.moduleId } }),
  },
  "POST /api/store/modules/:moduleId/integrations": {
    access: "owner",
    request: (s) => ({ params: { moduleId: s.moduleId }, body: { projectId: s.project.id } }),
  },
  "GET /api/store/projects/:projectId/modules": {
    access: "owner",
    request: (s) => ({ params: { projectId: s.project.id } }),
  },
  "DELETE /api/store/projects/:projectId/modules/:moduleId": {
    access: "owner",
    request: (s) => ({
      params: { projectId: s.project.id, moduleId: s.integratedModuleId },
    }),
  },
};
