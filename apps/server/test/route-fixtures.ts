import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { newAgentToken } from "../src/features/agents/agent-auth";
import { type TestKeystore, testKeystore } from "../src/features/agents/test-support";
import { createDeployToken } from "../src/features/bundles/deploy-tokens";
import { makeZip, sampleBundle, uploadBundle } from "../src/features/bundles/test-support";
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
import * as schema from "../src/platform/db/schema";
import { type FormPart, multipart } from "./multipart";
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
  /** A build machine (android) and its token. */
  agent: { id: string; token: string };
  /** A build the machine holds now (building), with the project's signing key stored. */
  heldBuildId: string;
  /** A real upload key (keytool's): the project's, which the seed stored. */
  keystore: TestKeystore;
  /** A pending build, which the cancel route cancels. */
  pendingBuildId: string;
  /** A web bundle of the project (the delete route deletes it), and a zip to upload. */
  bundleId: string;
  bundleZip: Buffer;
  /** Zips whose names collide once unpacked, which an upload must refuse. */
  collidingBundles: { label: string; zip: Buffer }[];
  deployToken: { id: string; secret: string };
  /** Documents of the project's "orders" collection (the app's and the console's delete routes each delete one). */
  documentId: string;
  consoleDocumentId: string;
  /** The name of a document's file (its fileUrl's last part). */
  dataFileName: string;
};

/** The bytes of a small zip, which is all the server checks of an uploaded APK. */
export const FAKE_APK = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
export const CERT_SHA256 = "ab".repeat(32);

/** A build of the seed's project that `agentId` holds now, inserted directly. */
async function heldBuild(
  app: TestApp,
  project: { id: string; keyApp: string; adminId: string },
  agentId: string,
  version: number,
) {
  const [row] = await app.deps.db
    .insert(schema.builds)
    .values({
      projectId: project.id,
      ownerId: project.adminId,
      appKey: project.keyApp,
      platform: "android",
      status: "building",
      version,
      attempts: 1,
      agentId,
      leaseExpiresAt: sql`now() + interval '1 hour'`,
      startedAt: sql`now()`,
    })
    .returning({ id: schema.builds.id });
  if (!row) throw new Error("no build");
  return row.id;
}

/** A build made ready the way a machine does it: its app uploaded, then completed. */
async function builtApp(app: TestApp, token: string, buildId: string) {
  const auth = { authorization: `Bearer ${token}` };
  await expectOk(
    "artifact",
    app.inject({
      method: "PUT",
      url: `/api/agents/builds/${buildId}/artifact`,
      headers: { ...auth, "content-type": "application/vnd.android.package-archive" },
      payload: FAKE_APK,
    }),
  );
  await expectOk(
    "complete",
    app.inject({
      method: "POST",
      url: `/api/agents/builds/${buildId}/complete`,
      headers: auth,
      payload: { certSha256: CERT_SHA256 },
    }),
  );
}

async function expectOk<T>(label: string, response: Promise<{ statusCode: number; body: string }>) {
  const res = await response;
  if (res.statusCode >= 300) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as T;
}

/** A document added to the "orders" collection through the database API. */
async function seedDocument(app: TestApp, key: string) {
  const added = await expectOk<{ id: string }>(
    "document",
    app.inject({
      method: "POST",
      url: "/api/v1/db/collections/orders/documents",
      headers: { authorization: `Bearer ${key}` },
      payload: { item: "Espresso" },
    }),
  );
  return added.id;
}

/** A small PDF, which a document may carry as it is. */
export const SAMPLE_PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A document with a file, added through the database API: the file's name. */
async function seedDocumentFile(app: TestApp, key: string) {
  const form = multipart([
    { name: "data", value: "{}" },
    { name: "file", filename: "a.pdf", data: SAMPLE_PDF, contentType: "application/pdf" },
  ]);
  const added = await expectOk<{ fileUrl: string }>(
    "document with a file",
    app.inject({
      method: "POST",
      url: "/api/v1/db/collections/files/documents/file",
      headers: { authorization: `Bearer ${key}`, ...form.headers },
      payload: form.payload,
    }),
  );
  return added.fileUrl.split("/").at(-1) ?? "";
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
  const agentToken = newAgentToken();
  const [agent] = await app.deps.db
    .insert(schema.agents)
    .values({
      name: "Route-table machine",
      platforms: ["android"],
      tokenHash: agentToken.hash,
      tokenPrefix: agentToken.prefix,
    })
    .returning({ id: schema.agents.id });
  if (!agent) throw new Error("no agent");
  const owned = { id: project.id, keyApp: project.keyApp, adminId: owner.id };
  // Version 1 is published (the install page's), version 2 ready (the publish route's).
  const live = await heldBuild(app, owned, agent.id, 1);
  await builtApp(app, agentToken.token, live);
  await app.deps.db
    .update(schema.builds)
    .set({ status: "published", publishedAt: sql`now()` })
    .where(eq(schema.builds.id, live));
  const readyBuild = await heldBuild(app, owned, agent.id, 2);
  await builtApp(app, agentToken.token, readyBuild);
  const held = await heldBuild(app, owned, agent.id, 2);
  const keystore = await testKeystore({ password: "route-table-pass" });
  await expectOk(
    "signing key",
    app.inject({
      method: "PUT",
      url: `/api/agents/builds/${held}/signing-key`,
      headers: {
        authorization: `Bearer ${agentToken.token}`,
        "content-type": "application/octet-stream",
        "x-keystore-password": keystore.password,
        "x-keystore-alias": keystore.alias,
      },
      payload: keystore.bytes,
    }),
  );
  const bundleZip = await sampleBundle();
  // The bundle the held build was given at its claim (the newest then); the delete route's is
  // another (one in a build's hands is kept).
  const { bundle: given } = await expectOk<{ bundle: { id: string } }>(
    "bundle",
    uploadBundle(app, project.id, owner.cookie, bundleZip),
  );
  await app.deps.db
    .update(schema.builds)
    .set({ bundleId: given.id })
    .where(eq(schema.builds.id, held));
  const { bundle } = await expectOk<{ bundle: { id: string } }>(
    "bundle",
    uploadBundle(app, project.id, owner.cookie, bundleZip),
  );
  const deployToken = await createDeployToken({
    db: app.deps.db,
    userId: owner.id,
    projectId: project.id,
    input: { name: "Route-table laptop" },
  });
  const { build: pending } = await expectOk<{ build: { id: string } }>(
    "pending build",
    postJson(app, `/api/projects/${project.id}/builds`, { platform: "apple" }, owner.cookie),
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
    buildId: readyBuild,
    commentId: comment.id,
    moduleId: module.id,
    integratedModuleId: integrated.id,
    doomedModuleId: doomed.id,
    cipher: texteChiffre,
    agent: { id: agent.id, token: agentToken.token },
    heldBuildId: held,
    keystore,
    pendingBuildId: pending.id,
    bundleId: bundle.id,
    bundleZip,
    collidingBundles: [
      {
        label: "a file and a folder of the same name",
        zip: await makeZip([
          { name: "top", data: "x" },
          { name: "top/index.html", data: "<p>Hi</p>" },
        ]),
      },
      {
        label: "the same file twice, once under ./",
        zip: await makeZip([
          { name: "./index.html", data: "<p>Hi</p>" },
          { name: "index.html", data: "<p>Hi</p>" },
        ]),
      },
    ],
    deployToken: { id: deployToken.token.id, secret: deployToken.secret },
    documentId: await seedDocument(app, settings.databaseKey),
    consoleDocumentId: await seedDocument(app, settings.databaseKey),
    dataFileName: await seedDocumentFile(app, settings.databaseKey),
  };
}

/** A request in parts; the test builds the URL, headers and body from them. */
export type RequestParts = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: Record<string, unknown>;
  /** A raw body (the agents' uploads), sent with its content type. */
  raw?: { contentType: string; payload: Buffer };
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
  /** Files the form must refuse (400) whatever else it holds, each with what it is. */
  refusedFiles?: (seed: Seed) => { label: string; files: FormPart[] }[];
};

/** A web bundle's upload (the console's and the deploy's): zips whose names collide are refused. */
const collidingBundles = (s: Seed) =>
  s.collidingBundles.map(({ label, zip }) => ({
    label,
    files: [{ name: "bundle", filename: "dist.zip", contentType: "application/zip", data: zip }],
  }));

const agentAuth = (s: Seed) => ({ authorization: `Bearer ${s.agent.token}` });

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
  "GET /api/projects/usage": { access: "none", request: () => ({}) },
  "GET /api/projects/:id/usage": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
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
  "GET /api/projects/:id/bundles": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "POST /api/projects/:id/bundles": {
    access: "owner",
    refusedFiles: collidingBundles,
    request: (s) => ({
      params: { id: s.project.id },
      form: {
        fields: {},
        files: [
          {
            name: "bundle",
            filename: "dist.zip",
            contentType: "application/zip",
            data: s.bundleZip,
          },
        ],
      },
    }),
  },
  "DELETE /api/projects/:id/bundles/:bundleId": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, bundleId: s.bundleId } }),
  },
  "GET /api/projects/:id/deploy-tokens": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "POST /api/projects/:id/deploy-tokens": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id }, body: { name: "CI" } }),
  },
  "DELETE /api/projects/:id/deploy-tokens/:tokenId": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, tokenId: s.deployToken.id } }),
  },
  "GET /api/v1/deploy": {
    access: "public",
    request: (s) => ({ headers: { authorization: `Bearer ${s.deployToken.secret}` } }),
  },
  "POST /api/v1/deploy": {
    access: "public",
    refusedFiles: collidingBundles,
    request: (s) => ({
      headers: { authorization: `Bearer ${s.deployToken.secret}` },
      form: {
        fields: {},
        files: [
          {
            name: "bundle",
            filename: "dist.zip",
            contentType: "application/zip",
            data: s.bundleZip,
          },
        ],
      },
    }),
  },
  "POST /api/projects/:id/builds/:buildId/cancel": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, buildId: s.pendingBuildId } }),
  },
  "GET /api/projects/:id/builds/:buildId/log": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, buildId: s.buildId }, query: { after: "0" } }),
  },
  "GET /api/projects/:id/builds/:buildId/apk": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, buildId: s.buildId } }),
  },
  "GET /api/projects/:id/signing-key": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  // On the spare project, which has no build: the seed's has a published one, which locks it.
  "PUT /api/projects/:id/signing-key": {
    access: "owner",
    request: (s) => ({
      params: { id: s.spareProjectId },
      form: {
        fields: { password: s.keystore.password, alias: s.keystore.alias },
        files: [
          {
            name: "keystore",
            filename: "upload.p12",
            contentType: "application/x-pkcs12",
            data: s.keystore.bytes,
          },
        ],
      },
    }),
  },
  "DELETE /api/projects/:id/signing-key": {
    access: "owner",
    request: (s) => ({ params: { id: s.spareProjectId } }),
  },
  "GET /api/projects/:id/signing-key/keystore": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "GET /api/install/:appKey": {
    access: "public",
    request: (s) => ({ params: { appKey: s.project.keyApp } }),
  },
  "GET /api/install/:appKey/apk": {
    access: "public",
    request: (s) => ({ params: { appKey: s.project.keyApp } }),
  },
  "GET /api/install/:appKey/icon": {
    access: "public",
    request: (s) => ({ params: { appKey: s.project.keyApp } }),
  },

  // build machines (their bearer token, never a session) and their admins
  "POST /api/agents/claim": {
    access: "none",
    request: (s) => ({ body: { platforms: ["android"] }, headers: agentAuth(s) }),
  },
  "POST /api/agents/builds/:buildId/progress": {
    access: "none",
    request: (s) => ({
      params: { buildId: s.heldBuildId },
      body: { percent: 40, log: ["Packaging resources"] },
      headers: agentAuth(s),
    }),
  },
  "PUT /api/agents/builds/:buildId/artifact": {
    access: "none",
    request: (s) => ({
      params: { buildId: s.heldBuildId },
      raw: { contentType: "application/vnd.android.package-archive", payload: FAKE_APK },
      headers: agentAuth(s),
    }),
  },
  "PUT /api/agents/builds/:buildId/signing-key": {
    access: "none",
    // The seed stored the project's key: a second one is answered the first (409).
    valid: 409,
    request: (s) => ({
      params: { buildId: s.heldBuildId },
      raw: { contentType: "application/octet-stream", payload: s.keystore.bytes },
      headers: {
        ...agentAuth(s),
        "x-keystore-password": s.keystore.password,
        "x-keystore-alias": s.keystore.alias,
      },
    }),
  },
  "GET /api/agents/builds/:buildId/signing-key": {
    access: "none",
    request: (s) => ({ params: { buildId: s.heldBuildId }, headers: agentAuth(s) }),
  },
  "GET /api/agents/builds/:buildId/icon": {
    access: "none",
    request: (s) => ({ params: { buildId: s.heldBuildId }, headers: agentAuth(s) }),
  },
  "GET /api/agents/builds/:buildId/bundle": {
    access: "none",
    request: (s) => ({ params: { buildId: s.heldBuildId }, headers: agentAuth(s) }),
  },
  // Both end the build the other cases use: only refusals are sent (tests in features/agents).
  "POST /api/agents/builds/:buildId/complete": {
    access: "none",
    valid: "skip",
    request: (s) => ({
      params: { buildId: s.heldBuildId },
      body: { certSha256: CERT_SHA256 },
      headers: agentAuth(s),
    }),
  },
  "POST /api/agents/builds/:buildId/fail": {
    access: "none",
    valid: "skip",
    request: (s) => ({
      params: { buildId: s.heldBuildId },
      body: { reason: "aapt failed" },
      headers: agentAuth(s),
    }),
  },
  // Hands the held build back: only refusals are sent (tests in features/agents).
  "POST /api/agents/release": {
    access: "none",
    valid: "skip",
    request: (s) => ({ headers: agentAuth(s) }),
  },
  "GET /api/admin/agents": { access: "none", valid: 403, request: () => ({}) },
  "POST /api/admin/agents": {
    access: "none",
    valid: 403,
    request: () => ({ body: { name: "Mac mini", platforms: ["apple"] } }),
  },
  "DELETE /api/admin/agents/:agentId": {
    access: "none",
    valid: 403,
    request: (s) => ({ params: { agentId: s.agent.id } }),
  },

  "POST /api/v1/installs": {
    access: "public",
    request: (s) => ({
      body: { appKey: s.project.keyApp, platform: "android", installId: "route-table-device-0001" },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },

  // the database API (decision 027): the project's key is the credential
  "OPTIONS /api/v1/db/*": {
    access: "none",
    valid: 204,
    request: () => ({ params: { "*": "collections/orders/documents" } }),
  },
  "GET /api/v1/db/collections/:collection/documents": {
    access: "public",
    request: (s) => ({
      params: { collection: "orders" },
      query: { limit: "10" },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "POST /api/v1/db/collections/:collection/documents": {
    access: "public",
    multiLine: ["item"],
    request: (s) => ({
      params: { collection: "orders" },
      body: { item: "Latte" },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "POST /api/v1/db/collections/:collection/documents/file": {
    access: "public",
    multiLine: ["data"],
    request: (s) => ({
      params: { collection: "orders" },
      form: {
        fields: { data: '{"item":"Receipt"}' },
        files: [
          {
            name: "file",
            filename: "receipt.pdf",
            data: SAMPLE_PDF,
            contentType: "application/pdf",
          },
        ],
      },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "GET /api/v1/db/files/:name": {
    access: "public",
    request: (s) => ({ params: { name: s.dataFileName } }),
  },
  "GET /api/v1/db/collections/:collection/documents/:id": {
    access: "public",
    request: (s) => ({
      params: { collection: "orders", id: s.documentId },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "DELETE /api/v1/db/collections/:collection/documents/:id": {
    access: "public",
    request: (s) => ({
      params: { collection: "orders", id: s.documentId },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "GET /api/projects/:id/data/collections": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "GET /api/projects/:id/data/collections/:collection/documents": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, collection: "orders" }, query: { limit: "5" } }),
  },
  "DELETE /api/projects/:id/data/collections/:collection/documents/:documentId": {
    access: "owner",
    request: (s) => ({
      params: { id: s.project.id, collection: "orders", documentId: s.consoleDocumentId },
    }),
  },
  "GET /api/v1/db/collections/:collection/events": {
    access: "public",
    valid: "skip",
    request: (s) => ({ params: { collection: "orders" }, query: { key: s.databaseKey } }),
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
  "GET /api/v1/apps/:appKey": {
    access: "none",
    request: (s) => ({ params: { appKey: s.project.keyApp } }),
  },
  // The API tests start without a build: no tarball to serve.
  "GET /cli/:file": {
    access: "none",
    valid: 404,
    request: () => ({ params: { file: "create-hybridge.tgz" } }),
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
