import type { SessionUser } from "@hybridge/shared/auth/schemas";
import { AuthErrorCodes } from "@hybridge/shared/auth/schemas";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import type { FastifyBaseLogger } from "fastify";
import type { Auth } from "../../platform/auth";
import { AppError } from "../../platform/errors";
import { isAdminAddress } from "../../platform/session";

/**
 * Whether `user`'s address is an admin's still waiting for its verification (no rights yet).
 * No query: the session's admin flag already says whether the address is verified. Told only
 * to the account itself, and only about its own address.
 */
export function isAdminVerificationPending(
  adminEmails: ReadonlySet<string>,
  user: SessionUser,
): boolean {
  return !user.isAdmin && isAdminAddress(adminEmails, user.email);
}

/**
 * Mails the verification link to the signed-in account whose session `headers` carry, through
 * better-auth's own endpoint (it signs the token; `emailVerification.sendVerificationEmail` in
 * platform/auth.ts writes the mail). Only for an admin address not verified yet: any other
 * account answers 409, whatever the reason, so that the answer tells nothing of the list.
 */
export async function sendAdminVerification(options: {
  auth: Auth;
  adminEmails: ReadonlySet<string>;
  user: SessionUser;
  headers: Headers;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { auth, adminEmails, user, headers, log } = options;
  if (!isAdminVerificationPending(adminEmails, user)) {
    throw new AppError(AuthErrorCodes.NOTHING_TO_VERIFY, AuthTexts.nothingToVerify, 409);
  }
  try {
    await auth.api.sendVerificationEmail({ body: { email: user.email }, headers });
  } catch (error) {
    log.error({ err: error, userId: user.id }, "the verification mail could not be sent");
    throw new AppError(AuthErrorCodes.MAIL_FAILED, AuthTexts.adminVerificationFailed, 503);
  }
}

/** The `cookie` header a browser would send back after these `Set-Cookie` answers. */
export function cookiesOf(setCookies: string[]): Headers {
  const headers = new Headers();
  headers.set("cookie", setCookies.map((cookie) => cookie.split(";")[0]).join("; "));
  return headers;
}
