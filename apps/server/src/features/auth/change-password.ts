import { AuthTexts } from "@hybridge/shared/auth/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import type { Auth } from "../../platform/auth";
import { RECENT_LOGIN_SECONDS } from "../../platform/auth";
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
 * password but for a recent sign-in: an older session must sign in again first.
 */
export async function changePassword(options: {
  auth: Auth;
  session: SessionInfo | null;
  newPassword: string;
  now?: Date;
}) {
  const { auth, session } = options;
  if (!session) throw new AppError(ErrorCodes.UNAUTHENTICATED, AuthTexts.changeNoUser);
  const age = ((options.now ?? new Date()).getTime() - session.sessionCreatedAt.getTime()) / 1000;
  if (age > RECENT_LOGIN_SECONDS) {
    throw new AppError(ErrorCodes.REQUIRES_RECENT_LOGIN, AuthTexts.changeRecentLogin);
  }
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(options.newPassword);
  await ctx.internalAdapter.updatePassword(session.user.id, hash);
}
