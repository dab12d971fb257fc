// The query's JSON body, as the server reads it (packages/shared/src/data/query.ts, decision 038).
// Written out here rather than imported: the SDK's published types may not refer to
// @hybridge/shared, which is not packed with it; query-types.test.ts keeps both the same.
import type {
  DocumentChange,
  HybridgeDocument as StoredDocument,
  StreamQuery,
  WatchOptions,
} from "./db";

type Fields = Record<string, unknown>;

/** The operators of `where`. */
export type QueryOp =
  | "=="
  | "!="
  | "<"
  | "<="
  | ">"
  | ">="
  | "in"
  | "not-in"
  | "array-contains"
  | "array-contains-any";
export type SortDirection = "asc" | "desc";
/** A field: a dotted path (`"address.city"`), or the list of its keys (`["a.b", "c"]`). */
export type FieldInput = string | string[];
export type ConditionInput = { field: FieldInput; op: QueryOp; value: unknown };
export type SortKeyInput = { field: FieldInput; direction: SortDirection };
/** The body of a query and of a count (a count reads `where` only). */
export type DocumentQueryInput = {
  where?: ConditionInput[];
  orderBy?: SortKeyInput[];
  limit?: number;
  after?: string;
};
/** A page of a query: its documents, and `next`, the cursor of the next page (null at the end). */
export type QueryPage<T extends Fields = Fields> = {
  docs: Array<StoredDocument & T>;
  next: string | null;
};

/** How a query reaches the server: db.ts's `call`, on the collection's path. */
export type QueryTransport = <R>(route: "query" | "count", body: DocumentQueryInput) => Promise<R>;

/** How a query's watch follows its collection: db.watch, with the stream's query. */
export type QueryFollow = (
  callback: (change: DocumentChange) => void,
  options: WatchOptions,
  query: StreamQuery,
) => () => void;

/**
 * What a query's watch calls back with: first `results`, the query's documents (as `get()`
 * answers them), then each change of the query's documents. `added`: a document now matches
 * (added, or written into the query); `modified`: one that matched is written and still does;
 * `removed`: one that matched was deleted or written out of the query. After a long
 * disconnection `results` comes again: replace what you hold with it.
 */
export type QueryChange<T extends Fields = Fields> =
  | { type: "results"; documents: Array<StoredDocument & T> }
  | { type: "added"; document: StoredDocument & T }
  | { type: "modified"; document: StoredDocument & T }
  | { type: "removed"; id: string };

/**
 * A query on one collection, built by `db.query("orders")`. Immutable: every method returns a
 * new query, so a base query can be shared and narrowed. Nothing is sent before `get`, `page`
 * or `count`. The server validates it and answers a HybridgeError (VALIDATION) naming the part
 * it refuses.
 */
export class Query<T extends Fields = Fields> {
  readonly #send: QueryTransport;
  readonly #body: DocumentQueryInput;
  readonly #follow: QueryFollow | undefined;

  constructor(send: QueryTransport, body: DocumentQueryInput = {}, follow?: QueryFollow) {
    this.#send = send;
    this.#body = body;
    this.#follow = follow;
  }

  #with(change: DocumentQueryInput): Query<T> {
    return new Query<T>(this.#send, { ...this.#body, ...change }, this.#follow);
  }

  /**
   * Keeps the documents whose `field` (a path like `"address.city"`, the list of its parts when
   * a key holds a dot, or `"id"`, `"createdAt"`, `"updatedAt"`) compares with `value`. Values
   * compare with values of the same JSON type only; a document without the field never matches.
   * Several `where` must all hold.
   */
  where(field: FieldInput, op: QueryOp, value: unknown): Query<T> {
    const condition: ConditionInput = { field, op, value };
    return this.#with({ where: [...(this.#body.where ?? []), condition] });
  }

  /** Sorts by `field` (several calls: the first decides, the next break its ties; then id). */
  orderBy(field: FieldInput, direction: SortDirection = "asc"): Query<T> {
    return this.#with({ orderBy: [...(this.#body.orderBy ?? []), { field, direction }] });
  }

  /** At most `n` documents (1 to 500; 100 when not said). */
  limit(n: number): Query<T> {
    return this.#with({ limit: n });
  }

  /** Starts just after the last document of the page that gave `cursor` (its `next`). */
  after(cursor: string | null): Query<T> {
    const { after: _, ...rest } = this.#body;
    return new Query<T>(
      this.#send,
      cursor === null ? rest : { ...rest, after: cursor },
      this.#follow,
    );
  }

  /** The documents, in the query's order (newest first without orderBy). */
  async get(): Promise<Array<StoredDocument & T>> {
    return (await this.page()).docs;
  }

  /** One page: its documents and the cursor of the next (`null` on the last page). */
  async page(): Promise<QueryPage<T>> {
    const answer = await this.#send<{
      documents: Array<StoredDocument & T>;
      nextCursor: string | null;
    }>("query", this.#body);
    return { docs: answer.documents, next: answer.nextCursor };
  }

  /** How many documents the query's `where` keeps (its order, limit and cursor aside). */
  async count(): Promise<number> {
    const { where } = this.#body;
    const answer = await this.#send<{ count: number }>("count", where ? { where } : {});
    return answer.count;
  }

  /**
   * Follows the query live: calls back first with `{ type: "results", documents }` (what
   * `get()` answers), then with `added`, `modified` and `removed` for the query's documents
   * only, from this phone or any other, in commit order; a document written so that it no
   * longer matches is `removed`. Returns the function that stops watching. The `where` decides
   * what follows; the order and limit shape the results (an added document comes as `added`,
   * wherever it would sort). Reconnects and resumes as db.watch does; after a long disconnection
   * `results` comes again. A query the server refuses stops the watch and calls
   * `options.onError` (VALIDATION), as a refused key does (UNAUTHENTICATED).
   */
  watch(callback: (change: QueryChange<T>) => void, options: WatchOptions = {}): () => void {
    const follow = this.#follow;
    if (!follow) throw new TypeError("This query was not made by db.query.");
    /** The ids of the documents the subscriber holds: what a change adds, modifies or removes. */
    const held = new Set<string>();
    const read = () => this.get();
    return follow(
      (change) => {
        if (change.type === "reset") {
          held.clear();
          for (const document of change.documents) held.add(document.id);
          callback({ type: "results", documents: change.documents as Array<StoredDocument & T> });
        } else if (change.type === "deleted") {
          if (held.delete(change.id)) callback({ type: "removed", id: change.id });
        } else {
          const { document } = change;
          const type = held.has(document.id) ? "modified" : "added";
          held.add(document.id);
          callback({ type, document: document as StoredDocument & T });
        }
      },
      options,
      { where: this.#body.where, read },
    );
  }
}
