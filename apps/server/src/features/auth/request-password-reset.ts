import { AuthTexts } from "@hybridge/shared/auth/texts";
import { paths } from "@hybridge/shared/common/paths";
import { eq } from "drizzle-orm";
import type { Auth } from "../../platform/auth";
import type { Db } from "../../platform/db/client";
import { user } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

/**
 * Sends the reset mail. The spec tells the user when no account has this e-mail (sign-up
 * already reveals that, so this adds no leak); the endpoint is rate-limited.
 */
export async function requestPasswordReset(options: { auth: Auth; db: Db; email: string }) {
  const [found] = await options.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, options.email))
    .limit(1);
  if (!found) throw new AppError("USER_NOT_FOUND", AuthTexts.resetUserNotFound, 404);
  await options.auth.api.requestPasswordReset({
    body: { email: options.email, redirectTo: paths.changePassword },
  });
}
