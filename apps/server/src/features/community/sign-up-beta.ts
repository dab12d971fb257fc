import type { BetaInput } from "@hybridge/shared/community/schemas";
import { CommunityErrorCodes, CommunityTexts } from "@hybridge/shared/community/texts";
import type { Db } from "../../platform/db/client";
import { betaSignups } from "../../platform/db/schema";
import { AppError, isUniqueViolation } from "../../platform/errors";

/**
 * Adds an e-mail to the beta list. The unique index on lower(email) decides duplicates, so two
 * simultaneous sign-ups with one address (in any letter case) store one row and the other gets
 * a 409 — no read-then-write race.
 */
export async function signUpBeta(options: { db: Db; input: BetaInput }) {
  const { db, input } = options;
  try {
    await db.insert(betaSignups).values({ email: input.email });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(CommunityErrorCodes.EMAIL_EXISTS, CommunityTexts.betaEmailExists, 409);
    }
    throw error;
  }
  return { email: input.email };
}
