import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { newAgentToken } from "../../src/features/agents/agent-auth";
import { type TestKeystore, testKeystore } from "../../src/features/agents/test-support";
import { createDeployToken } from "../../src/features/bundles/deploy-tokens";
import { makeZip, sampleBundle, uploadBundle } from "../../src/features/bundles/test-support";
import { createTestProject, launchIcon } from "../../src/features/projects/test-support";
import { createTestModule, integrateModule } from "../../src/features/store/test-support";
import { deploy } from "../../src/features/updates/test-support";
import * as schema from "../../src/platform/db/schema";
import { multipart } from "../multipart";
import {
  createTestUser,
  postJson,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "../test-app";

/**
 * The scenario every route's valid request names (`s` in the fixtures of the features' files
 * beside this one): a signed-in owner's project with its builds, bundles, keys, documents and
 * modules, made through the API where it can be.
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
  /**
   * A deploy token of the spare project: the deploy route's many valid cases upload there, so
   * that pruning (decision 035) never takes the bundle the delete route deletes.
   */
  spareDeployToken: string;
  /** An over-the-air update the seed's deploy made, and its channel. */
  update: { id: string; channel: string };
  /** An update of channel "old", rolled back: the one the delete route may delete. */
  withdrawnUpdateId: string;
  /** Another deploy token of the project, for `hybridge rules deploy`'s route. */
  rulesDeployToken: string;
  /** Documents of the project's "orders" collection (the app's and the console's delete routes each delete one). */
  documentId: string;
  consoleDocumentId: string;
  /** A document the write routes (the app's and the console's update and set) write, never deleted. */
  writtenDocumentId: string;
  /** The name of a document's file (its fileUrl's last part). */
  dataFileName: string;
  /** An index declared on the "orders" collection (the console's delete route deletes it). */
  indexId: string;
  /** A user of the project's app, signed in (the app users' routes; decision 043). */
  appUser: SeedAppUser;
  /** Another, whom the account deletion route deletes. */
  doomedAppUser: SeedAppUser;
  /** Another, whom the console's Users section deletes. */
  consoleDoomedAppUser: SeedAppUser;
  /** Mailed links' tokens of `appUser`, in clear: a password reset and a verification. */
  resetToken: string;
  verifyToken: string;
};

/** An app user of the seed's project, with their password and a session's tokens. */
export type SeedAppUser = {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
};

/** A user of `keyApp`'s app, signed up through the app users' API. */
async function seedAppUser(app: TestApp, keyApp: string): Promise<SeedAppUser> {
  const email = uniqueEmail("app-user");
  const password = "app user password";
  const session = await expectOk<{
    user: { id: string };
    accessToken: string;
    refreshToken: string;
  }>(
    "app user",
    app.inject({
      method: "POST",
      url: "/api/v1/auth/sign-up",
      headers: { "x-hybridge-app": keyApp },
      payload: { email, password },
    }),
  );
  return {
    id: session.user.id,
    email,
    password,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
  };
}

/** A mailed link's token of `purpose` for the app user, stored as the mail's would be. */
async function seedLinkToken(app: TestApp, userId: string, purpose: "reset" | "verify") {
  const token = randomBytes(32).toString("base64url");
  await app.deps.db.insert(schema.appUserTokens).values({
    userId,
    purpose,
    tokenHash: createHash("sha256").update(token).digest("hex"),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return token;
}

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

/** An index declared on the "orders" collection by its owner, in the console. */
async function seedIndex(app: TestApp, projectId: string, cookie: string) {
  const declared = await expectOk<{ id: string }>(
    "index",
    postJson(
      app,
      `/api/projects/${projectId}/data/collections/orders/indexes`,
      { fields: [{ field: "item", mode: "==" }] },
      cookie,
    ),
  );
  return declared.id;
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
  const spareDeployToken = await createDeployToken({
    db: app.deps.db,
    userId: owner.id,
    projectId: spare.id,
    input: { name: "Route-table spare" },
  });
  const deployed = await deploy(app, deployToken.secret, bundleZip, { channel: "beta" });
  if (!deployed.update) throw new Error("the deploy made no update");
  const withdrawn = await deploy(app, deployToken.secret, bundleZip, { channel: "old" });
  if (!withdrawn.update) throw new Error("the deploy made no update");
  const rolledBack = await app.inject({
    method: "POST",
    url: `/api/projects/${project.id}/channels/old/rollback`,
    headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    payload: { to: "embedded" },
  });
  if (rolledBack.statusCode !== 204) throw new Error(`rollback: ${rolledBack.body}`);
  // The rules' deploy's own token: the console's route revokes the first.
  const rulesDeployToken = await createDeployToken({
    db: app.deps.db,
    userId: owner.id,
    projectId: project.id,
    input: { name: "Route-table rules" },
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
  const appUser = await seedAppUser(app, project.keyApp);
  // Rules of a collection the console's route removes (decision 044).
  await app.deps.db.insert(schema.collectionRules).values({
    projectId: project.id,
    collection: "ruled",
    list: "true",
    get: "true",
    create: "auth != null",
    update: "false",
    delete: "false",
  });
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
    spareDeployToken: spareDeployToken.secret,
    update: { id: deployed.update.id, channel: deployed.update.channel },
    withdrawnUpdateId: withdrawn.update.id,
    rulesDeployToken: rulesDeployToken.secret,
    documentId: await seedDocument(app, settings.databaseKey),
    consoleDocumentId: await seedDocument(app, settings.databaseKey),
    writtenDocumentId: await seedDocument(app, settings.databaseKey),
    dataFileName: await seedDocumentFile(app, settings.databaseKey),
    indexId: await seedIndex(app, project.id, owner.cookie),
    appUser,
    doomedAppUser: await seedAppUser(app, project.keyApp),
    consoleDoomedAppUser: await seedAppUser(app, project.keyApp),
    resetToken: await seedLinkToken(app, appUser.id, "reset"),
    verifyToken: await seedLinkToken(app, appUser.id, "verify"),
  };
}
