import { createHash, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { Job } from "@hybridge/shared/agents/protocol";
import { AgentsTexts } from "@hybridge/shared/agents/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { buildLogs, builds, projects, signingKeys, storedFiles } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { type Storage, saveUpload, UploadTooLargeError } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
import { takeBack } from "./manage-agents";

/** The default launch icon's stored name (projects keep it when none was uploaded). */
const DEFAULT_LAUNCH_ICON = "default.png";

export type QueueOptions = {
  db: Db;
  storage: Storage;
  leaseSeconds: number;
  maxArtifactBytes: number;
  maxLogLines: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const leaseLost = () => new AppError(ErrorCodes.CONFLICT, AgentsTexts.leaseLost, 409);

/** Where a build's agent-side downloads live (relative to the server's address). */
export const agentUrls = {
  icon: (buildId: string) => `/api/agents/builds/${buildId}/icon`,
  bundle: (buildId: string) => `/api/agents/builds/${buildId}/bundle`,
  keystore: (buildId: string) => `/api/agents/builds/${buildId}/signing-key`,
};

/**
 * What the job says of the bundle a build was given at its claim (set by the bundles feature
 * when it is registered; without it every build gets the starter page).
 */
export type BundleLookup = (bundleId: string) => Promise<{ sha256: string; size: number } | null>;
/** A project's over-the-air update settings for its build's hybridge.json (the updates feature). */
export type UpdatesLookup = (projectId: string) => Promise<Job["updates"]>;

/**
 * When the owner of a pending build (`q`) was last served: the newest claim of any of their
 * builds, null for an owner never served. One index probe (builds_owner_started_idx).
 */
const ownerServedAt = (q: string) =>
  sql.raw(`(select max(s.started_at) from builds s where s.owner_id = ${q}.owner_id)`);

/**
 * The claim, as one statement: `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED LIMIT 1)`.
 * The pending build chosen is that of the owner served least recently (never served first),
 * then the oldest: a round robin between owners, not one line for everyone (decision 035) —
 * one account's 50 queued builds do not hold everyone else's back. Machines claiming at once
 * each get a different build, none waits (SKIP LOCKED). The build is given the project's newest
 * web bundle, which the machine then downloads and pruning keeps.
 */
export function claimStatement(
  db: Db,
  options: { agentId: string; platforms: BuildPlatform[]; leaseSeconds: number },
) {
  const next = db
    .select({ id: sql`q.id` })
    .from(sql`builds q`)
    .where(
      sql`q.status = 'pending' and q.platform in (${sql.join(
        options.platforms.map((platform) => sql`${platform}`),
        sql`, `,
      )})`,
    )
    .orderBy(sql`${ownerServedAt("q")} asc nulls first`, sql`q.date_generate`, sql`q.id`)
    .limit(1)
    .for("update", { skipLocked: true });
  return (
    db
      .update(builds)
      .set({
        status: "building",
        agentId: options.agentId,
        attempts: sql`${builds.attempts} + 1`,
        buildPercent: "0",
        leaseExpiresAt: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
        startedAt: sql`clock_timestamp()`,
        bundleId: sql`(select w.id from web_bundles w where w.project_id = "builds"."project_id" order by w.created_at desc, w.id desc limit 1)`,
      })
      // `id = (subquery)`, not `id in (subquery)`: with IN the planner may run the locking
      // subquery as a join and claim more than one build.
      .where(and(eq(builds.id, sql`(${next})`), eq(builds.status, "pending")))
      .returning({ id: builds.id })
  );
}

/**
 * Claims the next pending build of the given platforms for a build machine (claimStatement:
 * one statement, a fair order between owners) and gives the job to build: null when nothing
 * is waiting.
 */
export async function claimBuild(
  options: QueueOptions & {
    agentId: string;
    platforms: BuildPlatform[];
    seal: { open: (sealed: string, projectId: string) => string | null };
    bundleFor: BundleLookup;
    updatesFor?: UpdatesLookup;
  },
): Promise<Job | null> {
  const { db, agentId, platforms, leaseSeconds } = options;
  const [claimed] = await claimStatement(db, { agentId, platforms, leaseSeconds });
  const id = claimed?.id;
  if (!id) return null;

  const [row] = await db
    .select({
      build: builds,
      name: projects.name,
      color: projects.color,
      statusbar: projects.statusbar,
      icon: projects.icLaunchFileUrl,
      keystoreSealed: signingKeys.keystoreSealed,
      passwordSealed: signingKeys.passwordSealed,
      alias: signingKeys.alias,
    })
    .from(builds)
    .innerJoin(projects, eq(projects.id, builds.projectId))
    .leftJoin(signingKeys, eq(signingKeys.projectId, builds.projectId))
    .where(eq(builds.id, id));
  if (!row) return null;
  const password =
    row.passwordSealed !== null ? options.seal.open(row.passwordSealed, row.build.projectId) : null;
  const bundle = row.build.bundleId ? await options.bundleFor(row.build.bundleId) : null;
  const updates =
    row.build.platform === "android" && options.updatesFor
      ? await options.updatesFor(row.build.projectId)
      : undefined;
  // The build records the channel its hybridge.json carries (shown on its card, decision 056).
  if (updates) {
    await db.update(builds).set({ updateChannel: updates.channel }).where(eq(builds.id, id));
  }
  return {
    buildId: id,
    platform: row.build.platform as BuildPlatform,
    version: row.build.version,
    leaseSeconds,
    attempt: row.build.attempts,
    app: {
      name: row.name,
      appCode: row.build.appKey,
      themeColor: row.color,
      statusBarColor: row.statusbar,
      iconUrl: row.icon && row.icon !== DEFAULT_LAUNCH_ICON ? agentUrls.icon(id) : null,
    },
    bundle: bundle ? { url: agentUrls.bundle(id), sha256: bundle.sha256, size: bundle.size } : null,
    signing:
      password !== null && row.alias !== null
        ? { keystoreUrl: agentUrls.keystore(id), password, alias: row.alias }
        : null,
    maxArtifactBytes: options.maxArtifactBytes,
    ...(updates ? { updates } : {}),
  };
}

/** The build this machine holds now (status building, its lease), or null. */
export async function heldBuild(db: Db | Tx, buildId: string, agentId: string) {
  if (!UUID.test(buildId)) return null;
  const [row] = await db
    .select()
    .from(builds)
    .where(and(eq(builds.id, buildId), eq(builds.agentId, agentId), eq(builds.status, "building")));
  return row ?? null;
}

/**
 * Appends log lines, up to the cap: past it one last line says how many were dropped and the
 * rest are not stored.
 */
async function appendLog(tx: Tx, buildId: string, lines: string[] | undefined, maxLines: number) {
  if (!lines || lines.length === 0) return;
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(buildLogs)
    .where(eq(buildLogs.buildId, buildId));
  const stored = Number(counted?.n ?? 0);
  const room = maxLines - stored;
  if (room <= 0) return;
  const kept = lines.length <= room ? lines : [...lines.slice(0, room - 1), AgentsTexts.logFull];
  await tx.insert(buildLogs).values(kept.map((line) => ({ buildId, line })));
}

/**
 * The heartbeat: renews the lease, records the percent and new log lines. A build the owner
 * cancelled answers `cancelled` (the machine stops); one this machine no longer holds (taken
 * back after a silence, or revoked) answers 409.
 */
export async function reportProgress(
  options: QueueOptions & { agentId: string; buildId: string; percent: number; log?: string[] },
): Promise<{ cancelled: boolean }> {
  const { db, agentId, buildId } = options;
  if (!UUID.test(buildId)) throw AppError.notFound(AgentsTexts.buildNotFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(builds)
      .set({
        leaseExpiresAt: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
        buildPercent: String(Math.min(99, options.percent)),
      })
      .where(
        and(eq(builds.id, buildId), eq(builds.agentId, agentId), eq(builds.status, "building")),
      )
      .returning({ id: builds.id });
    if (!row) {
      const [other] = await tx
        .select({ status: builds.status })
        .from(builds)
        .where(and(eq(builds.id, buildId), eq(builds.agentId, agentId)));
      if (other?.status === "cancelled") return { cancelled: true };
      throw leaseLost();
    }
    await appendLog(tx, buildId, options.log, options.maxLogLines);
    return { cancelled: false };
  });
}

/** A zip (an APK is one) starts with a local file header: "PK\x03\x04". */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Stores the built app, streamed (size-capped, checked to be a zip as it arrives, hashed). A
 * second upload for the same build replaces the first. Nothing is left behind on failure.
 */
export async function storeArtifact(
  options: QueueOptions & { agentId: string; buildId: string; body: Readable; ownerId?: string },
) {
  const { db, storage, agentId, buildId } = options;
  const held = await heldBuild(db, buildId, agentId);
  // The body is left unread: the answer closes the connection (raw-body.ts).
  if (!held) throw leaseLost();
  const key = `artifacts/${randomUUID()}.apk`;
  const hash = createHash("sha256");
  let head = Buffer.alloc(0);
  let size: number;
  try {
    ({ size } = await saveUpload({
      storage,
      key,
      source: options.body,
      maxBytes: options.maxArtifactBytes,
      observe: (chunk) => {
        if (head.length < 4) {
          head = Buffer.concat([head, chunk]).subarray(0, 4);
          if (head.length === 4 && !head.equals(ZIP_MAGIC)) {
            throw AppError.validation(AgentsTexts.artifactNotApk);
          }
        }
        hash.update(chunk);
      },
    }));
  } catch (error) {
    if (error instanceof UploadTooLargeError) {
      throw new AppError(
        ErrorCodes.PAYLOAD_TOO_LARGE,
        AgentsTexts.artifactTooLarge(Math.round(options.maxArtifactBytes / 1024 / 1024)),
      );
    }
    throw error;
  }
  if (size < 4) {
    await storage.remove(key);
    throw AppError.validation(
      size === 0 ? AgentsTexts.artifactRequired : AgentsTexts.artifactNotApk,
    );
  }
  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      await recordStoredFiles(tx, storage, [
        {
          key,
          ownerId: held.ownerId,
          contentType: "application/vnd.android.package-archive",
          size,
        },
      ]);
      const [row] = await tx
        .select({ previous: builds.artifactKey })
        .from(builds)
        .where(
          and(eq(builds.id, buildId), eq(builds.agentId, agentId), eq(builds.status, "building")),
        )
        .for("update");
      if (!row) throw leaseLost();
      replaced = row.previous;
      await tx
        .update(builds)
        .set({ artifactKey: key, artifactSize: size, artifactSha256: hash.digest("hex") })
        .where(eq(builds.id, buildId));
      if (replaced) await tx.delete(storedFiles).where(eq(storedFiles.key, replaced));
    });
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
  if (replaced) await storage.remove(replaced).catch(() => {});
  return { size };
}

/** A finished build's time from its claim to its end, in seconds (for /metrics). */
const buildSeconds = {
  seconds: sql<number>`coalesce(extract(epoch from ${builds.finishedAt} - ${builds.startedAt}), 0)::float8`,
};

/** The build is ready: its artifact is stored, signed with the project's key. */
export async function completeBuild(
  options: QueueOptions & { agentId: string; buildId: string; certSha256: string; log?: string[] },
) {
  const { db, agentId, buildId } = options;
  return db.transaction(async (tx) => {
    const held = await heldBuild(tx, buildId, agentId);
    if (!held) {
      const [other] = await tx
        .select({ status: builds.status })
        .from(builds)
        .where(and(eq(builds.id, buildId), eq(builds.agentId, agentId)));
      if (other) throw leaseLost();
      throw AppError.notFound(AgentsTexts.buildNotFound);
    }
    if (!held.artifactKey) throw AppError.conflict(AgentsTexts.noArtifact);
    await appendLog(tx, buildId, options.log, options.maxLogLines);
    const [finished] = await tx
      .update(builds)
      .set({
        status: "ready",
        buildPercent: "100",
        certSha256: options.certSha256,
        finishedAt: sql`clock_timestamp()`,
        leaseExpiresAt: null,
      })
      .where(eq(builds.id, buildId))
      .returning(buildSeconds);
    await tx
      .update(signingKeys)
      .set({ certSha256: options.certSha256 })
      .where(
        and(eq(signingKeys.projectId, held.projectId), sql`${signingKeys.certSha256} is null`),
      );
    return { seconds: finished?.seconds ?? 0 };
  });
}

/** The build failed on the machine: the reason is the owner's to read. */
export async function failBuild(
  options: QueueOptions & { agentId: string; buildId: string; reason: string; log?: string[] },
) {
  const { db, agentId, buildId } = options;
  return db.transaction(async (tx) => {
    const held = await heldBuild(tx, buildId, agentId);
    if (!held) throw leaseLost();
    await appendLog(
      tx,
      buildId,
      [...(options.log ?? []), `Failed: ${options.reason}`],
      options.maxLogLines,
    );
    const [finished] = await tx
      .update(builds)
      .set({
        status: "failed",
        failureReason: options.reason,
        finishedAt: sql`clock_timestamp()`,
        leaseExpiresAt: null,
      })
      .where(eq(builds.id, buildId))
      .returning(buildSeconds);
    return { seconds: finished?.seconds ?? 0 };
  });
}

/**
 * Builds whose machine went silent past its lease go back to the queue, or fail at their second
 * attempt with "The build machine stopped responding" (or are cancelled when a newer request of
 * their app waits already: takeBack). Returns how many were taken back.
 */
export async function sweepExpiredLeases(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const taken = await takeBack(
      tx,
      and(eq(builds.status, "building"), lt(builds.leaseExpiresAt, sql`now()`)),
      { countAttempt: true },
    );
    return taken.length;
  });
}

/** Runs the lease sweep every few seconds until stopped. */
export function startLeaseSweeper(options: {
  db: Db;
  intervalMs: number;
  onError: (error: unknown) => void;
}) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepExpiredLeases(options.db)
      .catch(options.onError)
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** For tests and the admin: ids of builds a machine holds. */
export async function buildsHeldBy(db: Db, agentId: string) {
  const rows = await db
    .select({ id: builds.id })
    .from(builds)
    .where(and(eq(builds.agentId, agentId), inArray(builds.status, ["building"])));
  return rows.map((row) => row.id);
}
