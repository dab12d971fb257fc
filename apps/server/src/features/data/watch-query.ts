import { matches } from "@hybridge/shared/data/match";
import { DATA_LEFT_EVENT, DataEvents } from "@hybridge/shared/data/protocol";
import type { Filter, JsonValue } from "@hybridge/shared/data/query";
import { ruleHolds } from "@hybridge/shared/rules/bind";
import { and, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { documentChanges, documents } from "../../platform/db/schema";
import type { LiveEvent } from "../../platform/live";
import { compileFilter } from "./compile-query";
import type { DocumentScope } from "./document-scope";
import { type DocumentView, documentColumns, toDocument } from "./documents";

/**
 * The `send` of a stream opened with a query (a watch on a query): wraps the collection's `send`
 * so that its client hears only the query's documents. Each added or modified document is tested
 * against the query's filter in SQL, by the compiler that answers queries (decision 038: one
 * place), on the row as it is now (as the collection's stream, which sends documents as they are
 * when it reads them): an added one that matches is sent, as read with its test, one that does
 * not is skipped; a modified one that matches is sent so, one that does not is sent as
 * DATA_LEFT_EVENT ({ id }: its client drops it if it held it). So every document sent matches
 * the query; after quick successive writes, the earlier events already show the later state. Deletions and resets pass as they are. The
 * changes keep their ids and their commit order (each waits for the test of the one before);
 * events that reach it together are tested in one query. If a test fails, `fail` is called
 * (the stream ends; its client resumes after the last change it was sent).
 */
/**
 * The change ids of `events` whose document the scope's list rule (and the stream's filter)
 * showed before the change, read from the log's `before` (migration 0020), in one query.
 */
async function visibleBefore(
  db: Db,
  scope: DocumentScope,
  filter: Filter,
  events: LiveEvent[],
): Promise<Set<string>> {
  const ids = events.flatMap((event) =>
    event.id && /^\d+$/.test(event.id) ? [Number(event.id)] : [],
  );
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({
      id: documentChanges.id,
      documentId: documentChanges.documentId,
      before: documentChanges.before,
    })
    .from(documentChanges)
    .where(inArray(documentChanges.id, ids));
  const rule = scope.rule("list");
  const shown = new Set<string>();
  for (const row of rows) {
    if (!row.before) continue;
    const document = {
      id: row.documentId,
      data: row.before.data as Record<string, JsonValue>,
      createdAt: row.before.createdAt,
      updatedAt: row.before.updatedAt,
    };
    if (ruleHolds(rule, document) && matches(document, filter)) shown.add(String(row.id));
  }
  return shown;
}

export function sendMatching(options: {
  db: Db;
  scope: DocumentScope;
  filter: Filter;
  view: DocumentView;
  send: (event: LiveEvent) => void;
  fail: (error: unknown) => void;
}): (event: LiveEvent) => void {
  const { db, scope, filter, view, send, fail } = options;
  let waiting: LiveEvent[] = [];
  let busy = false;
  let failed = false;

  const tested = (event: LiveEvent) =>
    event.type === DataEvents.added || event.type === DataEvents.modified;
  const idOf = (event: LiveEvent) => (event.data as { id: string }).id;

  async function drain() {
    busy = true;
    try {
      while (waiting.length > 0 && !failed) {
        const batch = waiting;
        waiting = [];
        const ids = [...new Set(batch.filter(tested).map(idOf))];
        const kept =
          ids.length === 0
            ? []
            : await db
                .select(documentColumns)
                .from(documents)
                .where(and(inArray(documents.id, ids), scope.where(), compileFilter(filter)));
        const matching = new Map(kept.map((row) => [row.id, row]));
        // Under access rules, a departure (written out of reach, or deleted) is sent only to a
        // subscriber who could see the document before it (decision 044): the log keeps it.
        const departures = scope.ruled
          ? batch.filter(
              (event) =>
                event.type === DataEvents.deleted ||
                (event.type === DataEvents.modified && !matching.has(idOf(event))),
            )
          : [];
        const shownBefore = await visibleBefore(db, scope, filter, departures);
        for (const event of batch) {
          const row = tested(event) ? matching.get(idOf(event)) : undefined;
          if (row) send({ ...event, data: toDocument(row, view) });
          else if (scope.ruled && departures.includes(event) && !shownBefore.has(event.id ?? "")) {
            // Hidden from this subscriber before and after: nothing to tell.
          } else if (!tested(event)) send(event);
          else if (event.type === DataEvents.modified) {
            send({ type: DATA_LEFT_EVENT, id: event.id, data: { id: idOf(event) } });
          }
        }
      }
    } catch (error) {
      failed = true;
      waiting = [];
      fail(error);
    } finally {
      busy = false;
    }
  }

  return (event) => {
    if (failed) return;
    waiting.push(event);
    if (!busy) void drain();
  };
}
