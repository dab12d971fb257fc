import type { Evaluation } from "@hybridge/shared/feedback/schemas";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { evaluations } from "../../platform/db/schema";

export type EvaluationRow = typeof evaluations.$inferSelect;

export function toEvaluation(row: EvaluationRow): Evaluation {
  return {
    docClarity: row.docClarity,
    apiIntuition: row.apiIntuition,
    backendSimplicity: row.backendSimplicity,
    mainAdvantage: row.mainAdvantage,
    mainWeakness: row.mainWeakness,
    submittedAt: row.submittedAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}

/** The user's one evaluation, or null before the first submission. */
export async function getEvaluation(options: {
  db: Db;
  userId: string;
}): Promise<Evaluation | null> {
  const { db, userId } = options;
  const [row] = await db.select().from(evaluations).where(eq(evaluations.userId, userId)).limit(1);
  return row ? toEvaluation(row) : null;
}
