import { AuthTexts } from "@hybridge/shared/auth/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { and, eq, ne } from "drizzle-orm";
import type { Auth } from "../../platform/auth";
import { RECENT_LOGIN_SECONDS } from "../../platform/auth";
import type { Db } from "../../platform/db/client";
import { account, session as sessions } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { SessionInfo } from "../../platform/session";

/** Sets a new password from a reset-mail token. */
export async function resetPasswordWithToken(options: {
  auth: Auth;
  token: string;
  newPassword: string;
}) {
  try {
    await options.auth.api.resetPassword({
      body: { token: options.token, newPassword: options.newPassword },
    });
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (code === "INVALID_TOKEN") {
      throw new AppError("INVALID_TOKEN", AuthTexts.resetLinkInvalid, 400);
    }
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      throw new AppError("WEAK_PASSWORD", AuthTexts.changeWeak, 400);
    }
    throw error;
  }
}

/**
 * Changes the signed-in user's password. Like the spec's provider, it asks for no current
 * password but for a recent sign-in: an older session must sign in again first. The user's
 * other sessions end with the old password (as after a reset); this one stays signed in.
 */
export async function changePassword(options: {
  auth: Auth;
  db: Db;
  session: SessionInfo | null;
  newPassword: string;
  now?: Date;
}) {
  const { auth, db, session } = options;
  if (!session) throw new AppError(ErrorCodes.UNAUTHENTICATED, AuthTexts.changeNoUser);
  const age = ((options.now ?? new Date()).getTime() - session.sessionCreatedAt.getTime()) / 1000;
  if (age > RECENT_LOGIN_SECONDS) {
    throw new AppError(ErrorCodes.REQUIRES_RECENT_LOGIN, AuthTexts.changeRecentLogin);
  }
  const hash = await (await auth.$context).password.hash(options.newPassword);
  const userId = session.user.id;
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(account)
      .set({ password: hash })
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
      .returning({ id: account.id });
    // Every account signs up with a password; nothing changed means nothing must end either.
    if (changed.length === 0) throw new Error(`user ${userId} has no password account`);
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, session.sessionId)));
  });
}
