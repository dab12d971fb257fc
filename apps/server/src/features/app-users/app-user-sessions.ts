import { randomUUID } from "node:crypto";
import {
  ACCESS_TOKEN_SECONDS,
  type AppUser,
  type AppUserSession,
  REFRESH_TOKEN_SECONDS,
} from "@hybridge/shared/app-users/schemas";
import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { and, eq, gt, isNull } from "drizzle-orm";
import { eraseAppUserData } from "../../platform/app-user-erasure";
import { newRefreshToken, refreshTokenHash, signAccessToken } from "../../platform/app-user-tokens";
import type { Db, Tx } from "../../platform/db/client";
import { appUserSessions, appUsers, projectSettings, projects } from "../../platform/db/schema";
import { AppError, isUniqueViolation } from "../../platform/errors";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords";

// The app users' services (decision 043): accounts per project, sessions as an access token
// (JWT, 15 min) and a refresh token rotated at each use, in families.

export type UserRow = typeof appUsers.$inferSelect;

const userView = (row: UserRow): AppUser => ({
  id: row.id,
  email: row.email,
  verified: row.verified,
});

const sessionEnded = () => new AppError(ErrorCodes.UNAUTHENTICATED, AppUsersTexts.sessionEnded);
const invalidCredentials = () =>
  new AppError(ErrorCodes.UNAUTHENTICATED, AppUsersTexts.invalidCredentials);

/** What the app users' routes know of the project an app key names. */
export type AppProject = {
  projectId: string;
  /** The app's name, as the phone shows it (the project's name): the mails are in it. */
  appName: string;
  /** Whether sign-up mails a verification link (project_settings.app_users_verify_email). */
  verifyEmail: boolean;
};

/** The project whose public app key is `appKey`; 404 when there is none. */
export async function findAppProject(db: Db, appKey: string): Promise<AppProject> {
  const [row] = await db
    .select({
      projectId: projects.id,
      appName: projects.name,
      verifyEmail: projectSettings.appUsersVerifyEmail,
    })
    .from(projects)
    .leftJoin(projectSettings, eq(projectSettings.id, projects.id))
    .where(eq(projects.keyApp, appKey))
    .limit(1);
  if (!row) throw AppError.notFound(AppUsersTexts.appNotFound);
  return { ...row, verifyEmail: row.verifyEmail ?? false };
}

/** A new session of `user`: an access token and the first refresh token of a new family. */
async function openSession(options: {
  db: Db | Tx;
  secret: string;
  user: UserRow;
  family?: string;
}): Promise<AppUserSession> {
  const { user } = options;
  const refreshToken = newRefreshToken();
  await options.db.insert(appUserSessions).values({
    userId: user.id,
    family: options.family ?? randomUUID(),
    tokenHash: refreshTokenHash(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
  });
  const accessToken = await signAccessToken({
    secret: options.secret,
    user: {
      userId: user.id,
      projectId: user.projectId,
      email: user.email,
      verified: user.verified,
    },
  });
  return { user: userView(user), accessToken, refreshToken, expiresIn: ACCESS_TOKEN_SECONDS };
}

/**
 * A new app user of `projectId`, signed in. The unique (project, e-mail) constraint decides
 * between sign-ups at the same moment: the others answer 409.
 */
export async function signUpAppUser(options: {
  db: Db;
  secret: string;
  projectId: string;
  email: string;
  password: string;
}): Promise<AppUserSession> {
  const passwordHash = await hashPassword(options.password);
  return options.db.transaction(async (tx) => {
    let user: UserRow | undefined;
    try {
      [user] = await tx
        .insert(appUsers)
        .values({ projectId: options.projectId, email: options.email, passwordHash })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(AppUsersTexts.emailTaken);
      throw error;
    }
    if (!user) throw new Error("the new app user was not returned");
    return openSession({ db: tx, secret: options.secret, user });
  });
}

/**
 * The user of `projectId` with this e-mail and password, signed in. An unknown e-mail and a
 * wrong password answer alike, after the same work (a dummy hash is checked).
 */
export async function signInAppUser(options: {
  db: Db;
  secret: string;
  projectId: string;
  email: string;
  password: string;
}): Promise<AppUserSession> {
  const [user] = await options.db
    .select()
    .from(appUsers)
    .where(and(eq(appUsers.projectId, options.projectId), eq(appUsers.email, options.email)))
    .limit(1);
  const matches = await verifyPassword(
    options.password,
    user?.passwordHash ?? (await dummyPasswordHash()),
  );
  if (!user || !matches) throw invalidCredentials();
  if (user.disabledAt) throw new AppError(ErrorCodes.FORBIDDEN, AppUsersTexts.disabled);
  return openSession({ db: options.db, secret: options.secret, user });
}

/** Revokes every refresh token of `family` still valid. */
async function revokeFamily(db: Db | Tx, family: string) {
  await db
    .update(appUserSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(appUserSessions.family, family), isNull(appUserSessions.revokedAt)));
}

/**
 * A new pair for a refresh token of `projectId`: the token is used (claimed by one conditional
 * update, so two refreshes at once cannot both succeed) and the next of its family issued. A
 * token used before revokes its family (it was stolen, or the thief's copy was used first); a
 * disabled user's refresh is refused and their family revoked.
 */
export async function refreshAppUserSession(options: {
  db: Db;
  secret: string;
  projectId: string;
  refreshToken: string;
}): Promise<AppUserSession> {
  const { db } = options;
  const tokenHash = refreshTokenHash(options.refreshToken);
  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(appUserSessions)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(appUserSessions.tokenHash, tokenHash),
          isNull(appUserSessions.usedAt),
          isNull(appUserSessions.revokedAt),
          gt(appUserSessions.expiresAt, new Date()),
        ),
      )
      .returning({ userId: appUserSessions.userId, family: appUserSessions.family });
    if (!claimed) return { kind: "refused" as const };
    const [user] = await tx.select().from(appUsers).where(eq(appUsers.id, claimed.userId));
    if (!user || user.projectId !== options.projectId) {
      // Another project's token: left as it was, for its own app to use.
      throw sessionEnded();
    }
    if (user.disabledAt) {
      await revokeFamily(tx, claimed.family);
      return { kind: "disabled" as const };
    }
    return {
      kind: "renewed" as const,
      session: await openSession({ db: tx, secret: options.secret, user, family: claimed.family }),
    };
  });
  if (outcome.kind === "renewed") return outcome.session;
  if (outcome.kind === "refused") {
    // A token already used, presented again: its whole family is revoked (theft detection).
    const [known] = await db
      .select({ family: appUserSessions.family, usedAt: appUserSessions.usedAt })
      .from(appUserSessions)
      .innerJoin(appUsers, eq(appUsers.id, appUserSessions.userId))
      .where(
        and(eq(appUserSessions.tokenHash, tokenHash), eq(appUsers.projectId, options.projectId)),
      )
      .limit(1);
    if (known?.usedAt) await revokeFamily(db, known.family);
  }
  throw sessionEnded();
}

/** Ends the session of a refresh token of `projectId` (its family), whatever its state. */
export async function signOutAppUser(options: {
  db: Db;
  projectId: string;
  refreshToken: string;
}): Promise<void> {
  const [known] = await options.db
    .select({ family: appUserSessions.family })
    .from(appUserSessions)
    .innerJoin(appUsers, eq(appUsers.id, appUserSessions.userId))
    .where(
      and(
        eq(appUserSessions.tokenHash, refreshTokenHash(options.refreshToken)),
        eq(appUsers.projectId, options.projectId),
      ),
    )
    .limit(1);
  if (known) await revokeFamily(options.db, known.family);
}

/** The app user `userId` of `projectId` as stored now; 401 when deleted or disabled. */
export async function getAppUser(options: {
  db: Db;
  projectId: string;
  userId: string;
}): Promise<AppUser> {
  const [user] = await options.db
    .select()
    .from(appUsers)
    .where(and(eq(appUsers.id, options.userId), eq(appUsers.projectId, options.projectId)));
  if (!user || user.disabledAt) {
    throw new AppError(ErrorCodes.UNAUTHENTICATED, AppUsersTexts.userGone);
  }
  return userView(user);
}

/**
 * Deletes the app user `userId` of `projectId` inside the caller's transaction: the one way an
 * app user is deleted, by themselves (deleteOwnAppUser) or by the project's owner (the console).
 * Their refresh tokens and mailed tokens go with them (cascade); their access tokens end within
 * ACCESS_TOKEN_SECONDS. False when there was no such user.
 */
export async function deleteAppUser(
  tx: Tx,
  options: { projectId: string; userId: string },
): Promise<boolean> {
  const deleted = await tx
    .delete(appUsers)
    .where(and(eq(appUsers.id, options.userId), eq(appUsers.projectId, options.projectId)))
    .returning({ id: appUsers.id });
  return deleted.length > 0;
}

/** Deletes the app user `userId` of `projectId`, who gave their password again. */
export async function deleteOwnAppUser(options: {
  db: Db;
  projectId: string;
  userId: string;
  password: string;
}): Promise<void> {
  const [user] = await options.db
    .select()
    .from(appUsers)
    .where(and(eq(appUsers.id, options.userId), eq(appUsers.projectId, options.projectId)));
  if (!user) throw new AppError(ErrorCodes.UNAUTHENTICATED, AppUsersTexts.userGone);
  if (!(await verifyPassword(options.password, user.passwordHash))) {
    throw new AppError(ErrorCodes.FORBIDDEN, AppUsersTexts.wrongPassword);
  }
  const { projectId, userId } = options;
  // What the rules say is theirs goes first: a failure there leaves the account, to try again.
  await eraseAppUserData(options.db, { projectId, userId });
  const deleted = await options.db.transaction((tx) => deleteAppUser(tx, { projectId, userId }));
  if (!deleted) throw new AppError(ErrorCodes.UNAUTHENTICATED, AppUsersTexts.userGone);
}

/** Revokes every refresh token of the user still valid (password reset, disabling). */
export async function revokeAppUserSessions(tx: Db | Tx, userId: string): Promise<void> {
  await tx
    .update(appUserSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(appUserSessions.userId, userId), isNull(appUserSessions.revokedAt)));
}
