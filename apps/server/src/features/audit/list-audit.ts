import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEvent,
  type AuditPage,
} from "@hybridge/shared/audit/schemas";
import { AuditTexts } from "@hybridge/shared/audit/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { type PageCursor, writePageCursor } from "@hybridge/shared/common/paging";
import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { auditEvents, projects, user } from "../../platform/db/schema";
import { microseconds } from "../../platform/db/time-text";
import { AppError } from "../../platform/errors";
import { requireOwnedProject } from "../../platform/owned-project";

/** An event's place in the list, as the cursor carries it: its time to the microsecond. */
const cursorTime = microseconds(sql`${auditEvents.time}`);

/** One page of events matching `where`, newest first (ties broken by id), with actors' names. */
async function auditPage(
  db: Db,
  where: SQL | undefined,
  cursor: PageCursor | undefined,
  limit = AUDIT_PAGE_SIZE,
): Promise<AuditPage> {
  const rows = await db
    .select({
      event: auditEvents,
      actorName: user.name,
      projectName: projects.name,
      cursor: cursorTime,
    })
    .from(auditEvents)
    .leftJoin(user, eq(user.id, auditEvents.actorId))
    .leftJoin(projects, eq(projects.id, auditEvents.projectId))
    .where(
      and(
        where,
        cursor
          ? sql`(${auditEvents.time}, ${auditEvents.id}) < (${cursor.time}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.time), desc(auditEvents.id))
    // One more than the page: whether an older page exists, without a second query.
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(
      (row): AuditEvent => ({
        id: row.event.id,
        time: row.event.time.toISOString(),
        actorId: row.event.actorId,
        actorName: row.actorName,
        projectId: row.event.projectId,
        projectName: row.projectName,
        action: row.event.action as AuditAction,
        details: row.event.details,
      }),
    ),
    nextCursor:
      rows.length > limit && last
        ? writePageCursor({ time: last.cursor, id: last.event.id })
        : null,
  };
}

/** The project's events, for its owner (another user's project answers 404). */
export async function listProjectAudit(options: {
  db: Db;
  userId: string;
  projectId: string;
  cursor?: PageCursor;
  limit?: number;
}): Promise<AuditPage> {
  await requireOwnedProject(options.db, { ...options, notFound: AuditTexts.projectNotFound });
  return auditPage(
    options.db,
    eq(auditEvents.projectId, options.projectId),
    options.cursor,
    options.limit,
  );
}

/** Every project's events (and those of no project), for admins; optionally one action only. */
export async function listAllAudit(options: {
  db: Db;
  isAdmin: boolean;
  action?: AuditAction;
  cursor?: PageCursor;
  limit?: number;
}): Promise<AuditPage> {
  if (!options.isAdmin) throw new AppError(ErrorCodes.FORBIDDEN, AuditTexts.adminOnly);
  return auditPage(
    options.db,
    options.action ? eq(auditEvents.action, options.action) : undefined,
    options.cursor,
    options.limit,
  );
}

/** Drops the events older than `days` (AUDIT_RETENTION_DAYS); returns how many went. */
export async function pruneAudit(db: Db, days: number): Promise<number> {
  const gone = await db
    .delete(auditEvents)
    .where(lt(auditEvents.time, sql`now() - make_interval(days => ${days})`))
    .returning({ id: auditEvents.id });
  return gone.length;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Prunes the audit log now, then daily, when AUDIT_RETENTION_DAYS is set (null: nothing to do).
 * A failed pass is logged and the next one tries again; `stop` waits for the one under way.
 */
export function startAuditPruner(options: {
  db: Db;
  days: number | null;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}) {
  const { days, log } = options;
  if (days === null) return { stop: async () => {} };
  let current: Promise<void> | null = null;
  const run = () => {
    if (current) return;
    current = pruneAudit(options.db, days)
      .then((removed) => {
        if (removed > 0) log.info({ removed, days }, "pruned old audit events");
      })
      .catch((error) => log.error({ err: error }, "pruning the audit log failed"))
      .finally(() => {
        current = null;
      });
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
