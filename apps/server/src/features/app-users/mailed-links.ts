import {
  APP_AUTH_RESET_PATH,
  APP_AUTH_VERIFY_PATH,
  APP_USER_LINK_INVALID,
  type AppUserLink,
  RESET_TOKEN_SECONDS,
  VERIFY_TOKEN_SECONDS,
} from "@hybridge/shared/app-users/schemas";
import { AppUsersMailTexts, AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { linkTokenHash, newLinkToken } from "../../platform/app-user-tokens";
import type { Db, Tx } from "../../platform/db/client";
import { appUsers, appUserTokens, projectSettings, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { Mailer } from "../../platform/mail";
import { revokeAppUserSessions } from "./app-user-sessions";
import { hashPassword } from "./passwords";

// The links mailed to app users (decision 043, addendum): a password reset (1 hour) and an
// e-mail verification (24 hours). Each is 32 random bytes in the link, stored as its SHA-256 in
// app_user_tokens, spent once by a conditional UPDATE (used_at IS NULL, not expired).

type Purpose = "reset" | "verify";

const LINKS = {
  reset: { path: APP_AUTH_RESET_PATH, seconds: RESET_TOKEN_SECONDS },
  verify: { path: APP_AUTH_VERIFY_PATH, seconds: VERIFY_TOKEN_SECONDS },
} as const;

/** What sending a mailed link needs: the database, the mailer and the server's address. */
export type LinkMail = { db: Db; mailer: Mailer; publicUrl: string };

/** The user a link is mailed to, and the app whose name the mail is in. */
type Recipient = { userId: string; email: string; appName: string };

const invalidLink = (purpose: Purpose) =>
  new AppError(
    APP_USER_LINK_INVALID,
    purpose === "reset" ? AppUsersTexts.resetLinkInvalid : AppUsersTexts.verifyLinkInvalid,
    400,
  );

/** A new token of `purpose` for the user, stored; the link the mail carries. */
async function issueLink(db: Db | Tx, publicUrl: string, userId: string, purpose: Purpose) {
  const token = newLinkToken();
  const { path, seconds } = LINKS[purpose];
  await db.insert(appUserTokens).values({
    userId,
    purpose,
    tokenHash: linkTokenHash(token),
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
  const link = new URL(path, publicUrl);
  link.searchParams.set("token", token);
  return link.toString();
}

/** Mails `to` a new password reset link, in the app's name. */
export async function mailPasswordReset(mail: LinkMail, to: Recipient): Promise<void> {
  const url = await issueLink(mail.db, mail.publicUrl, to.userId, "reset");
  await mail.mailer.send({
    to: to.email,
    subject: AppUsersMailTexts.resetSubject(to.appName),
    text: AppUsersMailTexts.resetText(to.appName, url),
    html: AppUsersMailTexts.resetHtml(to.appName, url),
  });
}

/** Mails `to` a new verification link, in the app's name. */
export async function mailVerification(mail: LinkMail, to: Recipient): Promise<void> {
  const url = await issueLink(mail.db, mail.publicUrl, to.userId, "verify");
  await mail.mailer.send({
    to: to.email,
    subject: AppUsersMailTexts.verifySubject(to.appName),
    text: AppUsersMailTexts.verifyText(to.appName, url),
    html: AppUsersMailTexts.verifyHtml(to.appName, url),
  });
}

/**
 * The reset asked for `email` in the project: mailed when the address is one of its users' and
 * not disabled; nothing otherwise. The route answers the same before this runs, whatever it
 * finds (it runs after the answer), so the answer tells nothing of the address.
 */
export async function requestPasswordReset(
  mail: LinkMail,
  options: { projectId: string; appName: string; email: string },
): Promise<void> {
  const [user] = await mail.db
    .select({ id: appUsers.id, email: appUsers.email, disabledAt: appUsers.disabledAt })
    .from(appUsers)
    .where(and(eq(appUsers.projectId, options.projectId), eq(appUsers.email, options.email)))
    .limit(1);
  if (!user || user.disabledAt) return;
  await mailPasswordReset(mail, { userId: user.id, email: user.email, appName: options.appName });
}

/** The token's row if it is of `purpose`, unused and unexpired (a condition on app_user_tokens). */
const usable = (tokenHash: string, purpose: Purpose) =>
  and(
    eq(appUserTokens.tokenHash, tokenHash),
    eq(appUserTokens.purpose, purpose),
    isNull(appUserTokens.usedAt),
    gt(appUserTokens.expiresAt, sql`now()`),
  );

/** What a reset link still usable says of itself (the reset page's title); 400 otherwise. */
export async function inspectResetLink(options: { db: Db; token: string }): Promise<AppUserLink> {
  const [row] = await options.db
    .select({ appName: projects.name, email: appUsers.email })
    .from(appUserTokens)
    .innerJoin(appUsers, eq(appUsers.id, appUserTokens.userId))
    .innerJoin(projects, eq(projects.id, appUsers.projectId))
    .where(usable(linkTokenHash(options.token), "reset"))
    .limit(1);
  if (!row) throw invalidLink("reset");
  return row;
}

/**
 * Sets the new password of a reset link's user. In one transaction: the token is spent by a
 * conditional update (two uses at once: one wins, the other answers 400), the password hash
 * replaced, the user's other reset links spent, and every refresh token revoked (the thief who
 * had the old password loses their session at its next refresh).
 */
export async function confirmPasswordReset(options: {
  db: Db;
  token: string;
  password: string;
}): Promise<void> {
  const passwordHash = await hashPassword(options.password);
  await options.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(appUserTokens)
      .set({ usedAt: sql`now()` })
      .where(usable(linkTokenHash(options.token), "reset"))
      .returning({ userId: appUserTokens.userId });
    if (!spent) throw invalidLink("reset");
    await tx
      .update(appUsers)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(appUsers.id, spent.userId));
    await tx
      .update(appUserTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(appUserTokens.userId, spent.userId),
          eq(appUserTokens.purpose, "reset"),
          isNull(appUserTokens.usedAt),
        ),
      );
    await revokeAppUserSessions(tx, spent.userId);
  });
}

/**
 * Mails the signed-in user `userId` a new verification link, when the project asks for
 * verification (409 otherwise: nothing would be mailed) and the address is not verified yet
 * (nothing to do then). A deleted or disabled user gets 401, as on the user route.
 */
export async function resendVerification(
  mail: LinkMail,
  options: { projectId: string; userId: string },
): Promise<void> {
  const [row] = await mail.db
    .select({
      email: appUsers.email,
      verified: appUsers.verified,
      disabledAt: appUsers.disabledAt,
      appName: projects.name,
      verifyEmail: projectSettings.appUsersVerifyEmail,
    })
    .from(appUsers)
    .innerJoin(projects, eq(projects.id, appUsers.projectId))
    .leftJoin(projectSettings, eq(projectSettings.id, appUsers.projectId))
    .where(and(eq(appUsers.id, options.userId), eq(appUsers.projectId, options.projectId)))
    .limit(1);
  if (!row || row.disabledAt) {
    throw new AppError(ErrorCodes.UNAUTHENTICATED, AppUsersTexts.userGone);
  }
  if (!row.verifyEmail) throw AppError.conflict(AppUsersTexts.verificationOff);
  if (row.verified) return;
  await mailVerification(mail, { userId: options.userId, email: row.email, appName: row.appName });
}

/**
 * Verifies the address of a verification link's user: the token spent by a conditional update
 * and `verified` set, in one transaction. 400 for a link used, expired or unknown.
 */
export async function confirmVerification(options: {
  db: Db;
  token: string;
}): Promise<AppUserLink> {
  return options.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(appUserTokens)
      .set({ usedAt: sql`now()` })
      .where(usable(linkTokenHash(options.token), "verify"))
      .returning({ userId: appUserTokens.userId });
    if (!spent) throw invalidLink("verify");
    const [user] = await tx
      .update(appUsers)
      .set({ verified: true, updatedAt: sql`now()` })
      .where(eq(appUsers.id, spent.userId))
      .returning({ email: appUsers.email, projectId: appUsers.projectId });
    if (!user) throw invalidLink("verify");
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, user.projectId));
    return { appName: project?.name ?? "", email: user.email };
  });
}
