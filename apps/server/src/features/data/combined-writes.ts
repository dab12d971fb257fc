import type { Db } from "../../platform/db/client";

/** A write waiting for its key's write in flight, with how it is answered. */
export type WaitingWrite<Item, Answer> = {
  item: Item;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
};

type Batch<Item, Answer> = {
  next: WaitingWrite<Item, Answer>[];
  bytes: number;
  members: Set<string>;
};

/**
 * Writes that come to this server for one key (a collection, a document) while one of them is
 * written wait, and are then written together (decisions 041 and 067): most of what a write
 * costs PostgreSQL is its statement and its commit, so 50 phones' writes at once cost one of
 * each, not 50. The first goes `alone` at once; when it ends, those that came meanwhile go
 * `together`, then those that came meanwhile, until none waits. A batch holds `most` writes and
 * about `mostBytes`, and a `member` (a document) once: a write that finds it full, or its member
 * in it, goes alone at once. `together` answers each write of its batch itself (alone, if it
 * cannot write them together); should it throw, each is refused with its error, none is left
 * unanswered. Per database: the same key in two databases is two keys.
 */
export function createCombinedWrites<Item, Answer>(options: {
  most: number;
  mostBytes: number;
  alone: (db: Db, item: Item) => Promise<Answer>;
  together: (db: Db, batch: WaitingWrite<Item, Answer>[]) => Promise<void>;
}): (
  db: Db,
  key: string,
  item: Item,
  /** What the write adds to its batch's bytes, and what it writes (a batch holds it once). */
  counted?: { bytes?: number; member?: string },
) => Promise<Answer> {
  const { most, mostBytes, alone, together } = options;
  const writing = new WeakMap<Db, Map<string, Batch<Item, Answer>>>();
  return (db, key, item, { bytes = 0, member } = {}) => {
    let keys = writing.get(db);
    if (!keys) {
      keys = new Map();
      writing.set(db, keys);
    }
    const busy = keys.get(key);
    if (busy) {
      if (
        (member !== undefined && busy.members.has(member)) ||
        busy.next.length >= most ||
        busy.bytes + bytes > mostBytes
      ) {
        return alone(db, item);
      }
      busy.bytes += bytes;
      if (member !== undefined) busy.members.add(member);
      return new Promise((resolve, reject) => busy.next.push({ item, resolve, reject }));
    }
    const state: Batch<Item, Answer> = { next: [], bytes: 0, members: new Set() };
    keys.set(key, state);
    const drain = () => {
      const batch = state.next;
      if (batch.length === 0) {
        keys.delete(key);
        return;
      }
      state.next = [];
      state.bytes = 0;
      state.members = new Set();
      void together(db, batch)
        .catch((error: unknown) => {
          for (const one of batch) one.reject(error);
        })
        .finally(drain);
    };
    return alone(db, item).finally(drain);
  };
}
