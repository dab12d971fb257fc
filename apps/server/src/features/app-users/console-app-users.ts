import {
  APP_USERS_PAGE_SIZE,
  type AppUsersPage,
  type AppUsersSettings,
  type ConsoleAppUser,
} from "@hybridge/shared/app-users/schemas";
import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { type PageCursor, writePageCursor } from "@hybridge/shared/common/paging";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { appUsers, projectSettings } from "../../platform/db/schema";
import { microseconds } from "../../platform/db/time-text";
import { AppError } from "../../platform/errors";
import { requireOwnedProject } from "../../platform/owned-project";
import { deleteAppUser, revokeAppUserSessions, type UserRow } from "./app-user-sessions";
import { type LinkMail, mailPasswordReset } from "./mailed-links";

// The console's Users section (decision 043, addendum): the project's owner lists, searches,
// disables, enables and deletes its app users, mails one a reset link, and sets whether sign-up
// asks for a verified address. Another user's project answers 404.

type Owner = { userId: string; projectId: string };

const projectNotFound = () => AppError.notFound(AppUsersTexts.projectNotFound);
const userNotFound = () => AppError.notFound(AppUsersTexts.userNotFound);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An app user's id as the path gave it: anything but a UUID names no user (404, not a 500). */
function requireUserId(id: string): string {
  if (!UUID.test(id)) throw userNotFound();
  return id;
}

const requireProject = (db: Parameters<typeof requireOwnedProject>[0], owner: Owner) =>
  requireOwnedProject(db, { ...owner, notFound: AppUsersTexts.projectNotFound });

/** A user's place in the list, as the cursor carries it: its creation to the microsecond. */
const cursorTimestamp = microseconds(sql`${appUsers.createdAt}`);

const consoleView = (row: UserRow): ConsoleAppUser => ({
  id: row.id,
  email: row.email,
  verified: row.verified,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** `\`, `%` and `_` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of the project's app users, newest first (ties broken by id), whose e-mail contains
 * `search` (any case): two queries whatever the page — the owner check, then the page (one row
 * more than the page says whether another follows).
 */
export async function listAppUsers(
  db: Db,
  options: Owner & { search?: string; cursor?: PageCursor; limit?: number },
): Promise<AppUsersPage> {
  const { projectId, cursor, limit = APP_USERS_PAGE_SIZE } = options;
  await requireProject(db, options);
  const search = options.search?.trim().toLowerCase();
  const rows = await db
    .select({ user: appUsers, cursor: cursorTimestamp })
    .from(appUsers)
    .where(
      and(
        eq(appUsers.projectId, projectId),
        search ? sql`${appUsers.email} like ${`%${likeLiteral(search)}%`}` : undefined,
        cursor
          ? sql`(${appUsers.createdAt}, ${appUsers.id}) < (${cursor.time}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(appUsers.createdAt), desc(appUsers.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    users: page.map((row) => consoleView(row.user)),
    nextCursor:
      rows.length > limit && last ? writePageCursor({ time: last.cursor, id: last.user.id }) : null,
  };
}

/**
 * Disables (or enables again) an app user. Disabling revokes their refresh tokens in the same
 * transaction: their sessions end at the next refresh, their access token within 15 minutes.
 */
export async function setAppUserDisabled(
  db: Db,
  options: Owner & { appUserId: string; disabled: boolean },
): Promise<ConsoleAppUser> {
  return db.transaction(async (tx) => {
    await requireProject(tx, options);
    const appUserId = requireUserId(options.appUserId);
    const [row] = await tx
      .update(appUsers)
      .set({
        disabledAt: options.disabled ? sql`coalesce(${appUsers.disabledAt}, now())` : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(appUsers.id, appUserId), eq(appUsers.projectId, options.projectId)))
      .returning();
    if (!row) throw userNotFound();
    if (options.disabled) await revokeAppUserSessions(tx, row.id);
    return consoleView(row);
  });
}

/** Deletes an app user, through the one deletion of app users (deleteAppUser). */
export async function removeAppUser(db: Db, options: Owner & { appUserId: string }) {
  await db.transaction(async (tx) => {
    // Kept from being deleted meanwhile: the user's deletion is the project's.
    await requireOwnedProject(tx, {
      ...options,
      notFound: AppUsersTexts.projectNotFound,
      lock: "key share",
    });
    const deleted = await deleteAppUser(tx, {
      projectId: options.projectId,
      userId: requireUserId(options.appUserId),
    });
    if (!deleted) throw userNotFound();
  });
}

/**
 * Mails an app user a password reset link, in the app's name, at the owner's request;
 * `beforeMail` runs once the owner and the user are known (the route's rate limit).
 */
export async function sendAppUserReset(
  mail: LinkMail,
  options: Owner & { appUserId: string; beforeMail?: () => Promise<void> },
): Promise<{ email: string }> {
  const project = await requireProject(mail.db, options);
  const appUserId = requireUserId(options.appUserId);
  const [user] = await mail.db
    .select({ id: appUsers.id, email: appUsers.email })
    .from(appUsers)
    .where(and(eq(appUsers.id, appUserId), eq(appUsers.projectId, options.projectId)));
  if (!user) throw userNotFound();
  await options.beforeMail?.();
  await mailPasswordReset(mail, { userId: user.id, email: user.email, appName: project.name });
  return { email: user.email };
}

/** The project's app users settings. */
export async function getAppUsersSettings(db: Db, owner: Owner): Promise<AppUsersSettings> {
  await requireProject(db, owner);
  const [row] = await db
    .select({ verifyEmail: projectSettings.appUsersVerifyEmail })
    .from(projectSettings)
    .where(eq(projectSettings.id, owner.projectId));
  return { verifyEmail: row?.verifyEmail ?? false };
}

/** Sets whether sign-up mails a verification link. */
export async function updateAppUsersSettings(
  db: Db,
  options: Owner & { settings: AppUsersSettings },
): Promise<AppUsersSettings> {
  return db.transaction(async (tx) => {
    await requireProject(tx, options);
    const [row] = await tx
      .update(projectSettings)
      .set({ appUsersVerifyEmail: options.settings.verifyEmail })
      .where(eq(projectSettings.id, options.projectId))
      .returning({ verifyEmail: projectSettings.appUsersVerifyEmail });
    if (!row) throw projectNotFound();
    return row;
  });
}
