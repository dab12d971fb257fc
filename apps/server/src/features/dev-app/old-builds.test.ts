import { Readable } from "node:stream";
import type { AndroidApk } from "@hybridge/agent/android";
import { detectAndroidToolchain } from "@hybridge/agent/android";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { devAppBuilds, storedFiles } from "../../platform/db/schema";
import { createEncryption } from "../../platform/encryption";
import { APK_TYPE, ensureDevApp } from "./build-dev-app";
import { devAppBuildKey } from "./dev-app-build-key";
import {
  DEV_APP_SERVED_GRACE_MS,
  markDevAppServed,
  removeOldDevAppBuilds,
  startDevAppUpkeep,
} from "./old-builds";

// The dev app's old builds go once no instance serves them (decision 049): rows, files and
// their stored_files rows; the current build, builds under way and files still named stay.

const log = pino({ level: "silent" });
const NOW = new Date("2026-11-27T20:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const HOUR = 60 * 60_000;

let app: TestApp;
let current: string;
beforeAll(async () => {
  app = await createTestApp();
  current = await devAppBuildKey(app.deps.config.publicUrl);
});
afterAll(async () => {
  await app?.cleanup();
});
beforeEach(async () => {
  await app.deps.db.delete(devAppBuilds);
  await app.deps.db.delete(storedFiles);
});

/** A build row, with its APK in storage and recorded when it names a file. */
async function addBuild(row: {
  buildKey: string;
  state: "building" | "ready" | "failed";
  servedAt: Date;
  fileKey?: string;
  claimedAt?: Date;
}) {
  const { db, storage } = app.deps;
  if (row.fileKey && !(await storage.exists(row.fileKey))) {
    await storage.put(row.fileKey, Readable.from([Buffer.from(`apk ${row.buildKey}`)]));
    await db
      .insert(storedFiles)
      .values({ key: row.fileKey, ownerId: null, contentType: APK_TYPE, size: 10 });
  }
  await db.insert(devAppBuilds).values({
    buildKey: row.buildKey,
    state: row.state,
    versionCode: 1,
    versionName: "1.0.1",
    fileKey: row.fileKey ?? null,
    claimedAt: row.claimedAt ?? row.servedAt,
    servedAt: row.servedAt,
  });
}

const keys = (n: string) => n.padEnd(64, "0");
const rows = async () =>
  (await app.deps.db.select({ buildKey: devAppBuilds.buildKey }).from(devAppBuilds))
    .map((row) => row.buildKey)
    .sort();
const recorded = async () =>
  (await app.deps.db.select({ key: storedFiles.key }).from(storedFiles))
    .map((row) => row.key)
    .sort();
const inStorage = (key: string) => app.deps.storage.exists(key);

describe("removeOldDevAppBuilds", () => {
  it("removes the builds no instance has served for the grace period, and only those", async () => {
    const long = DEV_APP_SERVED_GRACE_MS + HOUR;
    // The current key's, whatever its served time: never removed.
    await addBuild({
      buildKey: current,
      state: "ready",
      servedAt: ago(long),
      fileKey: "dev-app/current.apk",
    });
    // An older release's build nobody serves any more: goes, with its file.
    await addBuild({
      buildKey: keys("a"),
      state: "ready",
      servedAt: ago(long),
      fileKey: "dev-app/old.apk",
    });
    // A failed build of an older release: its row goes.
    await addBuild({ buildKey: keys("b"), state: "failed", servedAt: ago(long) });
    // An older release's instance still running (it said so an hour ago): kept.
    await addBuild({
      buildKey: keys("c"),
      state: "ready",
      servedAt: ago(HOUR),
      fileKey: "dev-app/still-served.apk",
    });
    // An old row naming the file that a served one names: the row goes, the file stays.
    await addBuild({
      buildKey: keys("d"),
      state: "ready",
      servedAt: ago(long),
      fileKey: "dev-app/still-served.apk",
    });
    // A build under way elsewhere, even an old claim: its instance's (a start takes it over).
    await addBuild({ buildKey: keys("e"), state: "building", servedAt: ago(long) });

    const removed = await removeOldDevAppBuilds({
      db: app.deps.db,
      storage: app.deps.storage,
      buildKey: current,
      now: NOW,
    });

    expect(removed).toEqual({ rows: 3, files: 1 });
    expect(await rows()).toEqual([current, keys("c"), keys("e")].sort());
    expect(await recorded()).toEqual(["dev-app/current.apk", "dev-app/still-served.apk"]);
    expect(await inStorage("dev-app/old.apk")).toBe(false);
    expect(await inStorage("dev-app/current.apk")).toBe(true);
    expect(await inStorage("dev-app/still-served.apk")).toBe(true);
  });

  it("keeps a build until the grace period has passed since it was last served", async () => {
    await addBuild({
      buildKey: keys("f"),
      state: "ready",
      servedAt: ago(DEV_APP_SERVED_GRACE_MS - 60_000),
      fileKey: "dev-app/recent.apk",
    });
    const options = { db: app.deps.db, storage: app.deps.storage, buildKey: current };
    expect(await removeOldDevAppBuilds({ ...options, now: NOW })).toEqual({ rows: 0, files: 0 });
    // Its instance says it still serves it: the clock starts again.
    await markDevAppServed(app.deps.db, keys("f"), NOW);
    const later = new Date(NOW.getTime() + DEV_APP_SERVED_GRACE_MS - 60_000);
    expect(await removeOldDevAppBuilds({ ...options, now: later })).toEqual({ rows: 0, files: 0 });
    const gone = new Date(NOW.getTime() + DEV_APP_SERVED_GRACE_MS + 60_000);
    expect(await removeOldDevAppBuilds({ ...options, now: gone })).toEqual({ rows: 1, files: 1 });
    expect(await inStorage("dev-app/recent.apk")).toBe(false);
  });
});

describe("a new build of the dev app", () => {
  it("once ready, removes the old builds no instance serves", async () => {
    await addBuild({
      buildKey: keys("9"),
      state: "ready",
      servedAt: new Date(Date.now() - DEV_APP_SERVED_GRACE_MS - HOUR),
      fileKey: "dev-app/previous.apk",
    });
    const apk: AndroidApk = {
      apk: Buffer.from("new apk"),
      sha256: "7".repeat(64),
      certificateSha256: "ab".repeat(32),
      packageName: "dev.hybridge.devapp",
      versionCode: 2,
      versionName: "1.0.2",
    };
    const result = await ensureDevApp({
      db: app.deps.db,
      storage: app.deps.storage,
      encryption: createEncryption(app.deps.config.secret, "signingKey"),
      publicUrl: app.deps.config.publicUrl,
      tools: {
        toolchain: await detectAndroidToolchain(),
        createKeystore: async () => ({ bytes: Buffer.from("ks"), password: "pw", alias: "a" }),
        build: async () => apk,
      },
      log,
    });
    expect(result).toBe("built");
    expect(await rows()).toEqual([current]);
    const [row] = await app.deps.db
      .select()
      .from(devAppBuilds)
      .where(eq(devAppBuilds.buildKey, current));
    expect(await recorded()).toEqual([row?.fileKey]);
    expect(await inStorage("dev-app/previous.apk")).toBe(false);
    expect((await app.inject({ method: "GET", url: "/downloads/hybridge-dev.apk" })).body).toBe(
      "new apk",
    );
  });
});

describe("the upkeep of every instance", () => {
  it("says at its start which build it serves, and removes the old ones", async () => {
    const long = new Date(Date.now() - DEV_APP_SERVED_GRACE_MS - HOUR);
    await addBuild({
      buildKey: current,
      state: "ready",
      servedAt: long,
      fileKey: "dev-app/served.apk",
    });
    await addBuild({
      buildKey: keys("1"),
      state: "ready",
      servedAt: long,
      fileKey: "dev-app/x.apk",
    });
    const upkeep = startDevAppUpkeep({
      db: app.deps.db,
      storage: app.deps.storage,
      publicUrl: app.deps.config.publicUrl,
      log,
    });
    await upkeep.stop();
    const [row] = await app.deps.db
      .select()
      .from(devAppBuilds)
      .where(eq(devAppBuilds.buildKey, current));
    expect(row?.servedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await rows()).toEqual([current]);
    expect(await inStorage("dev-app/x.apk")).toBe(false);
    expect(await inStorage("dev-app/served.apk")).toBe(true);
  });
});
