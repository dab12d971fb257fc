import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { APP_KEY_HEADER } from "@hybridge/shared/app-users/schemas";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart";
import { createPostgresTestDatabase, TEST_ORIGIN, type TestApp } from "../../../test/test-app";
import { buildApp } from "../../app";
import { seedBuild } from "../../features/builds/test-support";
import { sampleBundle, uploadBundle } from "../../features/bundles/test-support";
import { authed, createTestProject } from "../../features/projects/test-support";
import { loadConfig } from "../config";
import { databaseTarget, openDatabase } from "../db/client";
import * as schema from "../db/schema";
import { recordStoredFiles } from "../stored-files";
import { backup, restore } from "./backup";
import { type Cron, parseCron } from "./cron";
import { runScheduledBackup } from "./schedule";
import { serveSnapshots } from "./snapshot-socket";

/**
 * The restore drill (decision 061): a server on the embedded database with data of several
 * kinds (an account and its session, a project, its database key, documents, a document's
 * stored file, a web bundle, a build, an app user and its access token),
 * backed up while a writer adds documents, restored into a fresh DATA_DIR, and a server started
 * from it: every write acknowledged before the backup's moment is there, the session and the
 * key still work.
 */
const root = mkdtempSync(path.join(tmpdir(), "hybridge-drill-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const env = (dataDir: string, databaseUrl?: string) => ({
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  PUBLIC_URL: TEST_ORIGIN,
  LOG_LEVEL: "silent",
  AUTH_RATE_LIMIT_MAX: "1000",
  WRITE_RATE_LIMIT_MAX: "1000",
  DATA_RATE_LIMIT_PER_MINUTE: "100000",
  SEED_STORE: "false",
});

/** A server as main.ts starts it (the generated secret, PGlite in DATA_DIR), reached by inject. */
async function startServer(dataDir: string, databaseUrl?: string) {
  const config = loadConfig(env(dataDir, databaseUrl));
  const database = await openDatabase(databaseTarget(config));
  const app = await buildApp({ config, database, serveWeb: false });
  await app.ready();
  const snapshots = database.snapshot
    ? await serveSnapshots({ dataDir, snapshot: database.snapshot, onError: () => {} })
    : null;
  return {
    app,
    config,
    snapshot: database.snapshot as () => Promise<Blob>,
    stop: async () => {
      await snapshots?.close();
      await app.close();
      await database.close();
    },
  };
}

const documentsUrl = "/api/v1/db/collections/orders/documents";

/**
 * Backs up a server on `databases.original` (PGlite without it), restores into a fresh
 * DATA_DIR and `databases.restored`, and checks the restored server.
 */
async function drill(name: string, databases?: { original: string; restored: string }) {
  const original = path.join(root, `${name}-original`);
  const server = await startServer(original, databases?.original);
  const { app } = server;
  const signUp = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin: TEST_ORIGIN },
    payload: { email: "drill@example.test", password: "correct-horse-battery", name: "Drill" },
  });
  expect(signUp.statusCode).toBe(200);
  const cookie = String(signUp.headers["set-cookie"]).match(
    /better-auth\.session_token=[^;]+/,
  )?.[0];
  expect(cookie).toBeDefined();
  const project = await createTestProject(app as unknown as TestApp, cookie as string);
  const settings = await app.inject({
    url: `/api/projects/${project.id}/settings`,
    headers: authed(cookie as string),
  });
  const key = settings.json().settings.databaseKey as string;
  const bearer = { authorization: `Bearer ${key}` };
  const photo = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: 10, g: 200, b: 90 } },
  })
    .png()
    .toBuffer();
  const form = multipart([
    { name: "data", value: JSON.stringify({ total: 7 }) },
    { name: "file", filename: "receipt.png", contentType: "image/png", data: photo },
  ]);
  const withFile = await app.inject({
    method: "POST",
    url: "/api/v1/db/collections/receipts/documents/file",
    headers: { ...bearer, ...form.headers },
    payload: form.payload,
  });
  expect(withFile.statusCode).toBe(201);
  const fileUrl = new URL(withFile.json().fileUrl).pathname;
  // A web bundle (a stored zip) and an app user signed in through the app SDK's API.
  const bundle = await uploadBundle(
    app as unknown as TestApp,
    project.id,
    cookie as string,
    await sampleBundle(),
  );
  expect(bundle.statusCode).toBe(201);
  const appUser = await app.inject({
    method: "POST",
    url: "/api/v1/auth/sign-up",
    headers: { [APP_KEY_HEADER]: project.keyApp },
    payload: { email: "reader@example.test", password: "a long app password" },
  });
  expect(appUser.statusCode).toBe(201);
  const accessToken = appUser.json().accessToken as string;
  // A build as a build machine leaves it (its APK is a stored file like the bundle's).
  const build = await seedBuild(
    app as unknown as TestApp,
    { id: project.id, adminId: signUp.json().user.id, keyApp: project.keyApp },
    { platform: "android", status: "published", version: 1 },
  );
  // Its APK, stored as the build queue stores one (artifacts/<uuid>.apk, recorded in
  // stored_files): a zip, as an APK is.
  const apk = await sampleBundle();
  const apkKey = `artifacts/${randomUUID()}.apk`;
  await app.deps.storage.put(apkKey, Readable.from(apk));
  await app.deps.db.transaction(async (tx) => {
    await recordStoredFiles(tx, app.deps.storage, [
      {
        key: apkKey,
        ownerId: signUp.json().user.id,
        contentType: "application/vnd.android.package-archive",
        size: apk.length,
      },
    ]);
    await tx
      .update(schema.builds)
      .set({
        artifactKey: apkKey,
        artifactSize: apk.length,
        artifactSha256: createHash("sha256").update(apk).digest("hex"),
      })
      .where(eq(schema.builds.id, build.id));
  });
  const storedFile = (await app.inject({ url: fileUrl })).rawPayload;

  // A writer keeps adding documents; each one acknowledged is noted with the moment it was.
  const acknowledged: { id: string; at: number }[] = [];
  const refused: string[] = [];
  let writing = true;
  const writer = (async () => {
    for (let n = 0; writing; n += 1) {
      const res = await app.inject({
        method: "POST",
        url: documentsUrl,
        headers: bearer,
        payload: { n },
      });
      if (res.statusCode !== 201) {
        refused.push(`${res.statusCode} ${res.body}`);
        break;
      }
      acknowledged.push({ id: res.json().id, at: Date.now() });
    }
  })();
  while (acknowledged.length < 20 && refused.length === 0)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const file = path.join(root, "backups", `${name}.zip`);
  const lines: string[] = [];
  const manifest = await backup(server.config, file, (line) => lines.push(line));
  while (acknowledged.length < 40 && refused.length === 0)
    await new Promise((resolve) => setTimeout(resolve, 5));
  writing = false;
  await writer;
  // No write failed while the snapshot was taken.
  expect(refused).toEqual([]);

  // The scheduled backups (BACKUP_CRON, the embedded database): the last BACKUP_KEEP are kept.
  if (server.snapshot) {
    const scheduled = {
      config: server.config,
      backup: {
        schedule: parseCron("0 3 * * *") as Cron,
        dir: path.join(root, "scheduled"),
        keep: 2,
      },
      snapshot: server.snapshot,
      log: app.log,
    };
    for (const day of ["2026-01-01", "2026-01-02", "2026-01-03"]) {
      await runScheduledBackup(scheduled, new Date(`${day}T03:00:00Z`));
    }
    expect(readdirSync(path.join(root, "scheduled")).sort()).toEqual([
      "hybridge-20260102-030000.zip",
      "hybridge-20260103-030000.zip",
    ]);
  }
  await server.stop();
  expect(lines.at(-1)).toContain("Backup written to");
  expect(manifest.parts.map((part) => part.name)).toEqual(
    expect.arrayContaining([
      databases ? "database.dump" : "database.tar",
      "secret",
      expect.stringMatching(/^files\//),
    ]),
  );
  const moment = Date.parse(manifest.createdAt);
  // Acknowledged at the moment's millisecond or earlier: committed before the snapshot was asked.
  const before = acknowledged.filter((write) => write.at <= moment);
  expect(before.length).toBeGreaterThanOrEqual(20);

  // Restored into a fresh folder, a server starts from it.
  const restored = path.join(root, `${name}-restored`);
  await restore(
    loadConfig(env(restored, databases?.restored), { readSecret: false }),
    file,
    () => {},
  );
  expect(readdirSync(root).filter((entry) => entry.includes("restoring"))).toEqual([]);
  const again = await startServer(restored, databases?.restored);
  try {
    const ids = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: LightMyRequestResponse = await again.app.inject({
        url: `${documentsUrl}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        headers: bearer,
      });
      expect(page.statusCode).toBe(200);
      for (const document of page.json().documents) ids.add(document.id);
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(before.filter((write) => !ids.has(write.id))).toEqual([]);
    // The key answered the listing above; the session and the stored file.
    const projects = await again.app.inject({
      url: `/api/projects/${project.id}/settings`,
      headers: authed(cookie as string),
    });
    expect(projects.statusCode).toBe(200);
    const bundles = await again.app.inject({
      url: `/api/projects/${project.id}/bundles`,
      headers: { cookie: cookie as string },
    });
    expect(bundles.json().bundles).toMatchObject([{ id: bundle.json().bundle.id }]);
    const builds = await again.app.inject({
      url: "/api/builds?platform=android",
      headers: { cookie: cookie as string },
    });
    expect(builds.json().builds).toMatchObject([{ id: build.id }]);
    // The published APK downloads from its install page, byte for byte.
    const installed = await again.app.inject({ url: `/api/install/${project.keyApp}/apk` });
    expect(installed.statusCode).toBe(200);
    expect(installed.rawPayload.equals(apk)).toBe(true);
    const user = await again.app.inject({
      url: "/api/v1/auth/user",
      headers: { [APP_KEY_HEADER]: project.keyApp, authorization: `Bearer ${accessToken}` },
    });
    expect(user.statusCode).toBe(200);
    expect(user.json().user.email).toBe("reader@example.test");
    const served = await again.app.inject({ url: fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(storedFile)).toBe(true);
  } finally {
    await again.stop();
  }
}

describe("the restore drill", () => {
  it("restores a backup of the embedded database taken while writes go on: every acknowledged write is there", async () => {
    await drill("pglite");
  }, 60_000);

  // On PostgreSQL when the suite has one and pg_dump is installed (Debian's postgresql-client).
  it.runIf(process.env.TEST_DATABASE_URL && spawnSync("pg_dump", ["--version"]).status === 0)(
    "restores a PostgreSQL backup (pg_dump) taken while writes go on: every acknowledged write is there",
    async () => {
      const original = await createPostgresTestDatabase();
      const restored = await createPostgresTestDatabase();
      try {
        await drill("postgres", { original: original.url, restored: restored.url });
        // A database that is not empty is refused.
        await expect(
          restore(
            loadConfig(env(path.join(root, "postgres-again"), restored.url), { readSecret: false }),
            path.join(root, "backups", "postgres.zip"),
            () => {},
          ),
        ).rejects.toThrow(/is not empty/);
      } finally {
        await original.drop();
        await restored.drop();
      }
    },
    60_000,
  );

  it("refuses a non-empty DATA_DIR and a damaged backup, leaving nothing behind", async () => {
    const busy = path.join(root, "busy");
    mkdirSync(busy, { recursive: true });
    writeFileSync(path.join(busy, "something"), "x");
    const file = path.join(root, "backups", "pglite.zip");
    await expect(
      restore(loadConfig(env(busy), { readSecret: false }), file, () => {}),
    ).rejects.toThrow(/is not empty/);

    // The backups' folder exists only once another test of this file made a backup: the tests
    // run in a random order (vitest.config.ts).
    mkdirSync(path.join(root, "backups"), { recursive: true });
    const damaged = path.join(root, "backups", "damaged.zip");
    writeFileSync(damaged, "not a zip");
    const fresh = path.join(root, "fresh");
    await expect(
      restore(loadConfig(env(fresh), { readSecret: false }), damaged, () => {}),
    ).rejects.toThrow(/is not a Hybridge backup/);
    expect(existsSync(fresh)).toBe(false);
    expect(readdirSync(root).filter((name) => name.includes("restoring"))).toEqual([]);
  });
});
