// Types only from the query language (packages/shared/src/data/query.ts): its parser uses zod,
// which stays out of the SDK. The SDK builds the query's JSON body; the server reads it.
import type {
  ConditionInput,
  DocumentQueryInput,
  FieldInput,
  QueryOp,
  SortDirection,
} from "@hybridge/shared/data/query";
import type { HybridgeDocument as StoredDocument } from "./db";

type Fields = Record<string, unknown>;

export type { QueryOp, SortDirection };
/** A page of a query: its documents, and `next`, the cursor of the next page (null at the end). */
export type QueryPage<T extends Fields = Fields> = {
  docs: Array<StoredDocument & T>;
  next: string | null;
};

/** How a query reaches the server: db.ts's `call`, on the collection's path. */
export type QueryTransport = <R>(route: "query" | "count", body: DocumentQueryInput) => Promise<R>;

/**
 * A query on one collection, built by `db.query("orders")`. Immutable: every method returns a
 * new query, so a base query can be shared and narrowed. Nothing is sent before `get`, `page`
 * or `count`. The server validates it and answers a HybridgeError (VALIDATION) naming the part
 * it refuses.
 */
export class Query<T extends Fields = Fields> {
  readonly #send: QueryTransport;
  readonly #body: DocumentQueryInput;

  constructor(send: QueryTransport, body: DocumentQueryInput = {}) {
    this.#send = send;
    this.#body = body;
  }

  #with(change: DocumentQueryInput): Query<T> {
    return new Query<T>(this.#send, { ...this.#body, ...change });
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
    return new Query<T>(this.#send, cursor === null ? rest : { ...rest, after: cursor });
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

  // Live queries (`watch`) join here: issue 24's live part.
}
