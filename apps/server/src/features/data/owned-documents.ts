import type { FieldRef } from "@hybridge/shared/data/query";
import type { RuleExpression } from "@hybridge/shared/rules/expression";
import { and, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { documents } from "../../platform/db/schema";
import type { Storage } from "../../platform/storage";
import { indexedPaths } from "./collection-indexes";
import { projectRules } from "./collection-rules";
import { compileFilter } from "./compile-query";
import type { DocumentPages } from "./document-pages";
import { documentScope, ownerCaller } from "./document-scope";
import { deleteDocument } from "./documents";

// "Everything the rules say is theirs" (decision 044), deleted with an app user's account: in
// each collection, the documents where one of the delete rule's conjuncts `doc.<field> ==
// auth.id` holds for them. A rule naming no owner that way makes no document theirs.

/** The owner fields a delete rule names: its conjuncts `doc.<field> == auth.id` (either way). */
export function ownerFields(rule: RuleExpression): FieldRef[] {
  const conjuncts = rule.kind === "and" ? rule.rules : [rule];
  const fields: FieldRef[] = [];
  for (const one of conjuncts) {
    if (one.kind !== "compare" || one.op !== "==") continue;
    const { left, right } = one;
    const isUser = (side: typeof left) => side.kind === "auth" && side.field === "id";
    if (left.kind === "doc" && isUser(right)) fields.push(left.field);
    else if (right.kind === "doc" && isUser(left)) fields.push(right.field);
  }
  return fields;
}

/**
 * Deletes the documents the project's rules say are the user's, each as the API deletes one
 * (its file and counts given back); answers how many. Run after the account's deletion.
 */
export async function deleteOwnedDocuments(options: {
  db: Db;
  storage: Storage;
  pages: DocumentPages;
  projectId: string;
  userId: string;
}): Promise<number> {
  const { db, pages, projectId, userId } = options;
  let deleted = 0;
  for (const [collection, rules] of await projectRules(db, projectId)) {
    const fields = ownerFields(rules.delete);
    if (fields.length === 0) continue;
    const scope = documentScope(ownerCaller(userId, projectId), collection);
    // Read from a declared index of the owner field when there is one (decision 065).
    const indexed = await indexedPaths(db, projectId, collection);
    const owned = sql.join(
      fields.map((field) =>
        compileFilter({ kind: "condition", field, op: "==", value: userId }, indexed),
      ),
      sql` or `,
    );
    const rows = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(scope.where(), sql`(${owned})`));
    for (const row of rows) {
      const gone = await deleteDocument({
        db,
        pages,
        storage: options.storage,
        scope,
        id: row.id,
      });
      if (gone) deleted++;
    }
  }
  return deleted;
}
