import { Readable } from "node:stream";
import type { AndroidApk, AndroidToolchain, UploadKeystore } from "@hybridge/agent/android";
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/client";
import { devAppBuilds, devAppKeys } from "../../platform/db/schema";
import type { Encryption } from "../../platform/encryption";
import type { Storage } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
import { devAppBuildKey, devAppVersionCode } from "./dev-app-build-key";
import { removeOldDevAppBuilds } from "./old-builds";

export const APK_TYPE = "application/vnd.android.package-archive";
/** The owner the dev-app key is sealed for (projects seal theirs for their id). */
const KEY_OWNER = "dev-app";
const KEY_ALIAS = "hybridge-dev";
/** A claim older than this is taken to be an instance that died while building. */
const STALE_CLAIM_MS = 15 * 60_000;

export type DevAppTools = {
  toolchain: AndroidToolchain;
  /** buildDevAppApk (@hybridge/agent/android); a test may pass its own. */
  build: (options: {
    publicUrl: string;
    keystore: UploadKeystore;
    versionCode: number;
    versionName: string;
    toolchain: AndroidToolchain;
    onLog: (line: string) => void;
    signal?: AbortSignal;
  }) => Promise<AndroidApk>;
  /** createUploadKeystore (@hybridge/agent/android). */
  createKeystore: (options: {
    alias: string;
    dname: { commonName: string; organization?: string };
    toolchain: AndroidToolchain;
  }) => Promise<UploadKeystore>;
};

export type EnsureDevAppResult = "ready" | "built" | "busy" | "failed";

/**
 * Makes sure this server has the dev app for its current build key (version, PUBLIC_URL, shell):
 * - a ready build whose file is in storage: nothing to do;
 * - otherwise this instance claims the build — a new row (INSERT … ON CONFLICT DO NOTHING), or
 *   an UPDATE of a failed row, a ready row whose file is gone, or a claim left by an instance
 *   that died — and only the instance whose claim lands builds ("busy" for the others);
 * - the build signs with the server's dev-app key (made once, sealed like the projects' upload
 *   keys), puts the APK in storage with its stored_files row, and marks the row ready; a failure
 *   marks it failed with the reason (a restart tries again);
 * - once built, the old builds no instance serves any more go, files and rows (old-builds.ts).
 * Called in the background after the server listens (main.ts): it never delays the start.
 */
export async function ensureDevApp(options: {
  db: Db;
  storage: Storage;
  encryption: Encryption;
  publicUrl: string;
  tools: DevAppTools;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Aborted (the server shuts down): the build stops and is marked failed, to retry at start. */
  signal?: AbortSignal;
}): Promise<EnsureDevAppResult> {
  const { db, storage, publicUrl, log } = options;
  const now = options.now ?? (() => new Date());
  const buildKey = await devAppBuildKey(publicUrl);

  const [current] = await db.select().from(devAppBuilds).where(eq(devAppBuilds.buildKey, buildKey));
  if (current?.state === "ready" && current.fileKey && (await storage.exists(current.fileKey))) {
    return "ready";
  }

  const versionCode = devAppVersionCode(now());
  const versionName = `1.0.${versionCode}`;
  const claimed = await claimBuild(db, { buildKey, versionCode, versionName, now: now() });
  if (!claimed) return "busy";

  try {
    const keystore = await devAppKeystore(options);
    log.info({ versionName }, "building the dev app (Hybridge Dev)");
    const apk = await options.tools.build({
      publicUrl,
      keystore,
      versionCode,
      versionName,
      toolchain: options.tools.toolchain,
      onLog: (line) => log.debug({ devApp: true }, line),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const fileKey = `dev-app/hybridge-dev-${apk.sha256.slice(0, 16)}.apk`;
    await storage.put(fileKey, Readable.from([apk.apk]));
    await db.transaction(async (tx) => {
      await recordStoredFiles(tx, storage, [
        { key: fileKey, ownerId: null, contentType: APK_TYPE, size: apk.apk.length },
      ]);
      await tx
        .update(devAppBuilds)
        .set({
          state: "ready",
          fileKey,
          size: apk.apk.length,
          sha256: apk.sha256,
          certSha256: apk.certificateSha256.toLowerCase(),
          error: null,
          finishedAt: now(),
        })
        .where(eq(devAppBuilds.buildKey, buildKey));
    });
    log.info({ versionName, size: apk.apk.length }, "the dev app is ready");
    await removeOldDevAppBuilds({ db, storage, buildKey, now: now() })
      .then((removed) => {
        if (removed.rows > 0) log.info(removed, "old dev app builds removed");
      })
      .catch((error) => log.error({ err: error }, "removing the old dev app builds failed"));
    return "built";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error({ err: error }, "building the dev app failed");
    await db
      .update(devAppBuilds)
      .set({ state: "failed", error: reason.slice(0, 2000), finishedAt: now() })
      .where(eq(devAppBuilds.buildKey, buildKey));
    return "failed";
  }
}

/** This instance's claim of the build, or false when another instance holds it. */
async function claimBuild(
  db: Db,
  row: { buildKey: string; versionCode: number; versionName: string; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(devAppBuilds)
    .values({ ...row, state: "building", claimedAt: row.now })
    .onConflictDoNothing()
    .returning({ buildKey: devAppBuilds.buildKey });
  if (inserted.length > 0) return true;
  const stale = new Date(row.now.getTime() - STALE_CLAIM_MS);
  // A ready row gets here only when its file is gone (checked by the caller).
  const retaken = await db
    .update(devAppBuilds)
    .set({
      state: "building",
      versionCode: row.versionCode,
      versionName: row.versionName,
      claimedAt: row.now,
      finishedAt: null,
      error: null,
    })
    .where(
      and(
        eq(devAppBuilds.buildKey, row.buildKey),
        or(
          eq(devAppBuilds.state, "failed"),
          eq(devAppBuilds.state, "ready"),
          and(eq(devAppBuilds.state, "building"), lt(devAppBuilds.claimedAt, stale)),
        ),
      ),
    )
    .returning({ buildKey: devAppBuilds.buildKey });
  return retaken.length > 0;
}

/**
 * The server's dev-app key: made with keytool at the first build, then kept sealed. Only the
 * instance holding a build claim gets here; should two ever race, the first row wins and both
 * sign with it.
 */
async function devAppKeystore(options: {
  db: Db;
  encryption: Encryption;
  tools: DevAppTools;
}): Promise<UploadKeystore> {
  const { db, encryption } = options;
  const open = (row: typeof devAppKeys.$inferSelect): UploadKeystore => {
    const bytes = encryption.decrypt(row.keystoreSealed, KEY_OWNER);
    const password = encryption.decrypt(row.passwordSealed, KEY_OWNER);
    if (bytes === null || password === null) {
      throw new Error(
        "The dev app's signing key cannot be opened with this server's SECRET (was SECRET changed?).",
      );
    }
    return { bytes: Buffer.from(bytes, "base64"), password, alias: row.alias };
  };
  const [existing] = await db.select().from(devAppKeys).where(eq(devAppKeys.id, KEY_OWNER));
  if (existing) return open(existing);

  const made = await options.tools.createKeystore({
    alias: KEY_ALIAS,
    dname: { commonName: "Hybridge Dev", organization: "Hybridge" },
    toolchain: options.tools.toolchain,
  });
  await db
    .insert(devAppKeys)
    .values({
      id: KEY_OWNER,
      keystoreSealed: encryption.encrypt(made.bytes.toString("base64"), KEY_OWNER),
      passwordSealed: encryption.encrypt(made.password, KEY_OWNER),
      alias: made.alias,
    })
    .onConflictDoNothing();
  const [kept] = await db.select().from(devAppKeys).where(eq(devAppKeys.id, KEY_OWNER));
  if (!kept) throw new Error("dev app key vanished");
  return open(kept);
}

/** Used by status and downloads: the row of the current build key. */
export async function currentDevAppBuild(db: Db, publicUrl: string) {
  const buildKey = await devAppBuildKey(publicUrl);
  const [row] = await db.select().from(devAppBuilds).where(eq(devAppBuilds.buildKey, buildKey));
  return row ?? null;
}

/** The fingerprint of the newest ready build's certificate (every build has the same key). */
export async function devAppCertificate(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ certSha256: devAppBuilds.certSha256 })
    .from(devAppBuilds)
    .where(and(eq(devAppBuilds.state, "ready"), sql`${devAppBuilds.certSha256} is not null`))
    .orderBy(sql`${devAppBuilds.finishedAt} desc nulls last`)
    .limit(1);
  return row?.certSha256 ?? null;
}
