import type { SessionUser } from "@hybridge/shared/auth/schemas";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import type { EarlyAdoptersResponse } from "@hybridge/shared/community/schemas";
import { CommunityTexts } from "@hybridge/shared/community/texts";
import { desc } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { betaSignups } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

/**
 * The beta list, newest first, with its size. It shows other people's e-mails, so only admins
 * (ADMIN_EMAILS, address verified: decision 032) may read it. One query: the count is the
 * length of the list.
 */
export async function listEarlyAdopters(options: {
  db: Db;
  user: SessionUser;
}): Promise<EarlyAdoptersResponse> {
  const { db, user } = options;
  if (!user.isAdmin) {
    throw new AppError(ErrorCodes.FORBIDDEN, CommunityTexts.earlyAdoptersForbidden);
  }
  const rows = await db
    .select({ id: betaSignups.id, email: betaSignups.email, dateCreated: betaSignups.dateCreated })
    .from(betaSignups)
    .orderBy(desc(betaSignups.dateCreated), desc(betaSignups.id));
  return {
    count: rows.length,
    items: rows.map((row) => ({ ...row, dateCreated: row.dateCreated.toISOString() })),
  };
}
