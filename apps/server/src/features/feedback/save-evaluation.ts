import type { SessionUser } from "@hybridge/shared/auth/schemas";
import type { Evaluation, EvaluationInput } from "@hybridge/shared/feedback/schemas";
import { getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { evaluations } from "../../platform/db/schema";
import { toEvaluation } from "./get-evaluation";

/**
 * Creates the user's evaluation or updates it, in one statement: the unique user_id makes
 * concurrent first saves end as one row. `submittedAt` keeps the first submission;
 * `lastUpdatedAt` moves on every save.
 */
export async function saveEvaluation(options: {
  db: Db;
  user: SessionUser;
  input: EvaluationInput;
}): Promise<{ evaluation: Evaluation; created: boolean }> {
  const { db, user, input } = options;
  const [row] = await db
    .insert(evaluations)
    .values({ ...input, userId: user.id, userEmail: user.email.toLowerCase() })
    .onConflictDoUpdate({
      target: evaluations.userId,
      set: { ...input, userEmail: user.email.toLowerCase(), lastUpdatedAt: sql`now()` },
    })
    // xmax is 0 only for a row this statement inserted (not one it updated).
    .returning({ ...getTableColumns(evaluations), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error("evaluation upsert returned no row");
  const { created, ...saved } = row;
  return { evaluation: toEvaluation(saved), created };
}
