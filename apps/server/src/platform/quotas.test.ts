import { randomBytes } from "node:crypto";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { QuotaTexts } from "@hybridge/shared/projects/texts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../test/multipart";
import { seedKeyedProject, seedProject } from "../../test/seed";
import {
  createTestScene,
  postJson,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from "../../test/test-app";
import { insertTestAgent } from "../features/agents/test-support";
import {
  makeZip,
  projectStorageBytes,
  SAMPLE_INDEX,
  uploadBundle,
} from "../features/bundles/test-support";
import * as schema from "./db/schema";

/**
 * Issue 22's storage quotas (decision 035): BUNDLE_KEEP_PER_PROJECT web bundles are kept (older
 * ones pruned, rows and files, never one a build was given), and PROJECT_MAX_STORAGE_MB bounds a
 * project's web bundles and documents' files together, counted atomically.
 */
const KEEP = 2;
const LIMIT = 1024 * 1024;
const KB = 1024;

let app: TestApp, owner: TestUser;
beforeAll(async () => {
  ({ app, owner } = await createTestScene({
    env: { BUNDLE_KEEP_PER_PROJECT: String(KEEP), PROJECT_MAX_STORAGE_MB: "1" },
  }));
});
afterAll(() => app?.cleanup());

/** A bundle of about `kb` kB once re-packed (its content does not compress). */
const bundleOf = (kb: number) =>
  makeZip([
    { name: "index.html", data: SAMPLE_INDEX },
    { name: "assets/data.bin", data: randomBytes(kb * KB) },
  ]);

/** A PDF of about `kb` kB, which a document keeps as sent. */
const pdfOf = (kb: number) =>
  Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(kb * KB), Buffer.from("\n%%EOF\n")]);

function addFile(key: string, file: Buffer) {
  const form = multipart([
    { name: "data", value: "{}" },
    { name: "file", filename: "a.pdf", data: file, contentType: "application/pdf" },
  ]);
  return app.inject({
    method: "POST",
    url: "/api/v1/db/collections/files/documents/file",
    headers: { authorization: `Bearer ${key}`, ...form.headers },
    payload: form.payload,
  });
}

const deleteDocument = (key: string, id: string) =>
  app.inject({
    method: "DELETE",
    url: `/api/v1/db/collections/files/documents/${id}`,
    headers: { authorization: `Bearer ${key}` },
  });

const bundlesOf = async (projectId: string) =>
  (
    await app.inject({
      url: `/api/projects/${projectId}/bundles`,
      headers: { cookie: owner.cookie },
    })
  ).json().bundles as { id: string; isNext: boolean }[];

const usedBytes = (projectId: string) => projectStorageBytes(app, projectId);

/** What the project keeps in storage, from the rows that record the files. */
async function recordedBytes(projectId: string) {
  const bundles = await app.deps.db
    .select({ size: schema.webBundles.size })
    .from(schema.webBundles)
    .where(eq(schema.webBundles.projectId, projectId));
  const files = await app.deps.db
    .select({ size: schema.storedFiles.size })
    .from(schema.documents)
    .innerJoin(schema.storedFiles, eq(schema.storedFiles.key, schema.documents.fileKey))
    .where(eq(schema.documents.projectId, projectId));
  return [...bundles, ...files].reduce((sum, row) => sum + row.size, 0);
}

describe("BUNDLE_KEEP_PER_PROJECT", () => {
  it(`keeps the newest ${KEEP} web bundles: older ones leave with their rows and files`, async () => {
    const project = await seedProject(app, owner);
    const sent = [];
    for (let i = 0; i < 4; i++) {
      const res = await uploadBundle(app, project.id, owner.cookie, await bundleOf(20));
      expect(res.statusCode).toBe(201);
      sent.push(res.json().bundle.id as string);
    }
    expect((await bundlesOf(project.id)).map((b) => b.id)).toEqual([sent[3], sent[2]]);
    const rows = await app.deps.db
      .select()
      .from(schema.webBundles)
      .where(eq(schema.webBundles.projectId, project.id));
    expect(rows).toHaveLength(KEEP);
    // The stored files are exactly those of the rows left, and so is the count.
    const files = await app.deps.db
      .select({ key: schema.storedFiles.key })
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.ownerId, owner.id));
    const bundleFiles = files.map((f) => f.key).filter((key) => key.startsWith("bundles/"));
    for (const row of rows) expect(bundleFiles).toContain(row.fileKey);
    for (const row of rows) expect(await app.deps.storage.exists(row.fileKey)).toBe(true);
    expect(await usedBytes(project.id)).toBe(await recordedBytes(project.id));
  });

  it("never prunes the bundle a build machine was given, and serves it while newer ones arrive", async () => {
    const project = await seedProject(app, owner);
    const given = (await uploadBundle(app, project.id, owner.cookie, await bundleOf(10))).json()
      .bundle;
    const { token } = await insertTestAgent(app, { name: "Quota machine" });
    // Nothing else waits: this file's queue is this test's.
    await app.deps.db
      .update(schema.builds)
      .set({ status: "cancelled" })
      .where(inArray(schema.builds.status, ["pending", "building"]));
    const requested = (
      await postJson(
        app,
        `/api/projects/${project.id}/builds`,
        { platform: "android" },
        owner.cookie,
      )
    ).json().build;
    const claimed = await app.inject({
      method: "POST",
      url: "/api/agents/claim",
      headers: { authorization: `Bearer ${token}` },
      payload: { platforms: ["android"] },
    });
    expect(claimed.json().job).toMatchObject({
      buildId: requested.id,
      bundle: { sha256: given.sha256 },
    });

    const newer = [];
    for (let i = 0; i < 3; i++) {
      newer.push(
        (await uploadBundle(app, project.id, owner.cookie, await bundleOf(10))).json().bundle.id,
      );
    }
    // The two newest, and the one in the build machine's hands.
    expect((await bundlesOf(project.id)).map((b) => b.id)).toEqual([newer[2], newer[1], given.id]);
    const download = await app.inject({
      url: `/api/agents/builds/${requested.id}/bundle`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.statusCode).toBe(200);
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(download.rawPayload).digest("hex")).toBe(given.sha256);
    // Nor can the owner delete it until the build ends.
    const refused = await app.inject({
      method: "DELETE",
      url: `/api/projects/${project.id}/bundles/${given.id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: "CONFLICT", message: BundlesTexts.inUse });

    // The build ends: the next upload prunes it.
    await app.deps.db
      .update(schema.builds)
      .set({ status: "failed" })
      .where(eq(schema.builds.id, requested.id));
    const last = (await uploadBundle(app, project.id, owner.cookie, await bundleOf(10))).json()
      .bundle;
    expect((await bundlesOf(project.id)).map((b) => b.id)).toEqual([last.id, newer[2]]);
    expect(await usedBytes(project.id)).toBe(await recordedBytes(project.id));
  });
});

describe("PROJECT_MAX_STORAGE_MB", () => {
  it("counts documents' files and web bundles together, refuses past the limit with its message, and gives deleted files' bytes back", async () => {
    const project = await seedKeyedProject(app, owner);
    const added = [];
    for (let i = 0; i < 3; i++) {
      const res = await addFile(project.databaseKey, pdfOf(300));
      expect(res.statusCode).toBe(201);
      added.push(res.json().id as string);
    }
    const full = { code: "CONFLICT", message: QuotaTexts.storageFull(1) };
    const fourth = await addFile(project.databaseKey, pdfOf(300));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual(full);
    const bundle = await uploadBundle(app, project.id, owner.cookie, await bundleOf(200));
    expect(bundle.statusCode).toBe(409);
    expect(bundle.json()).toEqual(full);
    expect(await bundlesOf(project.id)).toEqual([]);
    expect(await usedBytes(project.id)).toBe(await recordedBytes(project.id));
    expect(await usedBytes(project.id)).toBeGreaterThan(900 * KB);

    // Deleting documents makes room.
    for (const id of added.slice(0, 2)) {
      expect((await deleteDocument(project.databaseKey, id)).statusCode).toBe(200);
    }
    expect(
      (await uploadBundle(app, project.id, owner.cookie, await bundleOf(200))).statusCode,
    ).toBe(201);
    expect(await usedBytes(project.id)).toBe(await recordedBytes(project.id));

    // So does deleting a bundle.
    const [kept] = await bundlesOf(project.id);
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/projects/${project.id}/bundles/${kept?.id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(removed.statusCode).toBe(204);
    expect(await usedBytes(project.id)).toBe(await recordedBytes(project.id));
  });

  it("refuses an upload to a full project before reading it, and keeps nothing", async () => {
    const project = await seedKeyedProject(app, owner);
    await app.deps.db.insert(schema.projectStorage).values({ projectId: project.id, bytes: LIMIT });
    const filesBefore = await app.deps.db.select().from(schema.storedFiles);
    const bundle = await uploadBundle(app, project.id, owner.cookie, await bundleOf(10));
    expect(bundle.statusCode).toBe(409);
    expect(bundle.json().message).toBe(QuotaTexts.storageFull(1));
    const file = await addFile(project.databaseKey, pdfOf(1));
    expect(file.statusCode).toBe(409);
    expect(await app.deps.db.select().from(schema.storedFiles)).toHaveLength(filesBefore.length);
    expect(await usedBytes(project.id)).toBe(LIMIT);
  });

  it("is not passed by files added at once: of two with room for one, one is kept", async () => {
    const project = await seedKeyedProject(app, owner);
    for (let i = 0; i < 2; i++) {
      expect((await addFile(project.databaseKey, pdfOf(300))).statusCode).toBe(201);
    }
    const answers = await Promise.all([
      addFile(project.databaseKey, pdfOf(300)),
      addFile(project.databaseKey, pdfOf(300)),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await usedBytes(project.id)).toBe(await recordedBytes(project.id));
    expect(await usedBytes(project.id)).toBeLessThanOrEqual(LIMIT);
  });
});
