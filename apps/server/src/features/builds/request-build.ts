import type { Build } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { builds } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { requireOwnedProject } from "../../platform/owned-project";
import { lockAccount } from "../../platform/quotas";
import { queueFields, toBuild } from "./build-view";

/** The platform's pending build of the project, with its place in the queue, or null. */
async function pendingBuild(tx: Tx, projectId: string, platform: BuildPlatform) {
  const [queued] = await tx
    .select({ row: builds, ...queueFields() })
    .from(builds)
    .where(
      and(
        eq(builds.projectId, projectId),
        eq(builds.platform, platform),
        eq(builds.status, "pending"),
      ),
    );
  return queued ?? null;
}

/**
 * Queues a build of one platform: a new request, pending at '0' percent, whose version is the
 * highest published version of that platform + 1, or 1 when none is published
 * (docs/decisions/008-build-version.md).
 *
 * Fair limits (decision 035): a project has at most one pending build per platform — a request
 * while one waits answers that one (`alreadyQueued`; it builds the newest bundle whenever it is
 * claimed, so nothing is lost; its version is brought up to date) — guarded by a unique partial
 * index, so that no race can queue two; and an account has at most `maxQueuedPerUser` builds
 * pending or building, counted under the account's row lock, so that requests of several
 * projects at once cannot pass it together.
 *
 * The project row is locked first, so that requests and publications of one project run one
 * after the other and every request reads the versions as they are when it inserts. Open
 * project pages learn of the new build from the builds table's trigger (watch-latest-builds.ts).
 */
export async function requestBuild(options: {
  db: Db;
  userId: string;
  projectId: string;
  platform: BuildPlatform;
  maxQueuedPerUser: number;
}): Promise<{ build: Build; alreadyQueued: boolean }> {
  const { db, userId, projectId, platform } = options;
  return db.transaction(async (tx) => {
    const project = await requireOwnedProject(tx, {
      userId,
      projectId,
      notFound: BuildsTexts.projectNotFound,
      lock: "update",
    });

    const [published] = await tx
      .select({ highest: sql<number>`coalesce(max(${builds.version}), 0)::int` })
      .from(builds)
      .where(
        and(
          eq(builds.projectId, projectId),
          eq(builds.platform, platform),
          eq(builds.status, "published"),
        ),
      );
    const version = Number(published?.highest ?? 0) + 1;

    const answerPending = async () => {
      const queued = await pendingBuild(tx, projectId, platform);
      if (!queued) return null;
      if (queued.row.version < version) {
        // Requested before a publication: it would build a version the store already has.
        await tx.update(builds).set({ version }).where(eq(builds.id, queued.row.id));
        queued.row.version = version;
      }
      return { build: toBuild(queued.row, queued), alreadyQueued: true };
    };
    const waiting = await answerPending();
    if (waiting) return waiting;

    await lockAccount(tx, userId);
    const [queuedByUser] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(builds)
      .where(and(eq(builds.ownerId, userId), inArray(builds.status, ["pending", "building"])));
    if (Number(queuedByUser?.n ?? 0) >= options.maxQueuedPerUser) {
      throw AppError.conflict(BuildsTexts.queueFull(options.maxQueuedPerUser));
    }

    const [row] = await tx
      .insert(builds)
      .values({
        projectId,
        ownerId: userId,
        platform,
        appKey: project.keyApp,
        status: "pending",
        buildPercent: "0",
        version,
        // The time of the insert, not of the transaction's start (now()): a request that
        // waited for the lock is later than the one it waited for.
        dateGenerate: sql`clock_timestamp()`,
      })
      // A build handed back to the queue meanwhile (its machine stopped) is the pending one.
      .onConflictDoNothing({
        target: [builds.projectId, builds.platform],
        where: sql`${builds.status} = 'pending'`,
      })
      .returning({ id: builds.id });
    if (!row) {
      const handedBack = await answerPending();
      if (handedBack) return handedBack;
      throw new Error("the pending build conflicted and then disappeared");
    }
    // With its place in the queue, as the live stream shows it: the answer must not say less.
    const queued = await pendingBuild(tx, projectId, platform);
    if (!queued) throw new Error("insert returned no build");
    return { build: toBuild(queued.row, queued), alreadyQueued: false };
  });
}
