import type { DocumentChange } from "./change-feed";

/**
 * How long a remembered page is answered without the database. A change is known at once (the
 * services call `changed` after their commit; every server's change feed reads the log, woken by
 * the writer); this only bounds what a change read late could leave.
 */
const PAGE_TRUST_MS = 30_000;
/**
 * Remembered pages hold at most `maxBytes` (DATA_CACHE_MB, 32 MB unless said): their answers as
 * written (Buffers, off the JavaScript heap) and their keys. Counting what is really held keeps
 * the memory bounded (decision 040: counting the documents' stored size while holding their
 * objects let 10,000 distinct pages take the process to 1.1 GB)...
 */
const PAGES_MAX_BYTES = 32 * 1024 * 1024;
/** ...and a page larger than this is never remembered. */
const PAGE_MAX_BYTES = 1024 * 1024;
/** Collections whose changes are counted before everything is forgotten and counting restarts. */
const COLLECTIONS_COUNTED = 100_000;
/**
 * Pages asked for once, remembered by key only (most recent last): a page is kept at its second
 * asking while its collection is unchanged (decision 064). A client paging through a collection
 * once, or a crawler, then fills nothing: measured in bench:data's RSS scenario (10,000 distinct
 * pages), keeping every page read took the process from 184 to 350 MB with the 32 MB bound,
 * because the pages pushed out wait for a garbage collection to give their memory back, against
 * 257 MB keeping none.
 */
const ASKED_ONCE_COUNTED = 10_000;

type Page = { generation: number; value: Buffer; bytes: number; until: number };

/**
 * The pages of collections as last read, kept in this process, so that a list answers without
 * the database while its collection has not changed — from the second time it is asked for
 * (ASKED_ONCE_COUNTED). A collection is named by its scope's key
 * (document-scope.ts: the project and the collection) and has a generation, changed by every
 * document added or deleted in it; a read takes the generation before it queries and keeps its
 * page only if the generation is still that one when the answer arrives, so a read that raced a
 * write never keeps what it saw before the write. Pages are kept only while `heard` says other
 * servers' changes are heard at once (the change feed then reaches `forget`).
 */
export function createDocumentPages(options: {
  heard: () => Promise<boolean>;
  /** The bound on what is remembered (PAGES_MAX_BYTES unless said); 0 remembers nothing. */
  maxBytes?: number;
  /**
   * A write of this server committed (`changed`), with what it wrote when known: the change feed
   * may send it at once, and the other servers are to hear of it.
   */
  wrote?: (change?: DocumentChange) => void;
}) {
  const pages = new Map<string, Page>();
  /** The pages asked for once: their key, and their collection's generation then. */
  const askedOnce = new Map<string, number>();
  const generations = new Map<string, number>();
  // Generations are drawn from one counter, and a collection not in `generations` is at `floor`
  // (the counter when they were last all forgotten): no two states share a generation.
  let counter = 0;
  let floor = 0;
  let bytes = 0;
  const maxBytes = options.maxBytes ?? PAGES_MAX_BYTES;

  const generationOf = (collection: string) => generations.get(collection) ?? floor;
  const drop = (key: string, page: Page) => {
    pages.delete(key);
    bytes -= page.bytes;
  };

  return {
    /**
     * The page `pageKey` (the query's parameters) of the collection `ofCollection` (a scope's
     * key): remembered while the collection is unchanged, otherwise read by `read` (the answer
     * as written).
     */
    async page(
      ofCollection: string,
      pageKey: string,
      read: () => Promise<Buffer>,
    ): Promise<Buffer> {
      const key = `${ofCollection}\n${pageKey}`;
      const known = pages.get(key);
      if (known) {
        if (known.generation === generationOf(ofCollection) && known.until > Date.now()) {
          // Most recently used last: the oldest in the map is forgotten first.
          pages.delete(key);
          pages.set(key, known);
          return known.value;
        }
        drop(key, known);
      }
      // Listening before reading: a change committed after this read is then heard.
      const heard = await options.heard();
      const generation = generationOf(ofCollection);
      const value = await read();
      const size = value.length + key.length;
      if (
        heard &&
        size <= Math.min(PAGE_MAX_BYTES, maxBytes) &&
        generation === generationOf(ofCollection) &&
        askedBefore(key, generation)
      ) {
        const stale = pages.get(key);
        if (stale) drop(key, stale);
        for (const [oldKey, old] of pages) {
          if (bytes + size <= maxBytes) break;
          drop(oldKey, old);
        }
        pages.set(key, {
          generation,
          value,
          bytes: size,
          until: Date.now() + PAGE_TRUST_MS,
        });
        bytes += size;
      }
      return value;
    },

    /**
     * This server's write to the collection committed: its remembered pages are void, and the
     * other servers are told.
     */
    changed(ofCollection: string, change?: DocumentChange) {
      forget(ofCollection);
      options.wrote?.(change);
    },

    /** A document of the collection changed (read from the change log): its pages are void. */
    forget,

    /** What is remembered: how many pages, and the bytes counted against the bound. */
    get held() {
      return { pages: pages.size, bytes };
    },

    /** Forgets every page (the notifications may no longer be heard). */
    clear() {
      pages.clear();
      askedOnce.clear();
      bytes = 0;
      generations.clear();
      floor = ++counter;
    },
  };

  /**
   * Whether the page `key` was asked for before at this generation of its collection (then it is
   * kept now); otherwise that it was is remembered, the oldest such memory forgotten past
   * ASKED_ONCE_COUNTED.
   */
  function askedBefore(key: string, generation: number): boolean {
    const asked = askedOnce.get(key);
    askedOnce.delete(key);
    if (asked === generation) return true;
    askedOnce.set(key, generation);
    if (askedOnce.size > ASKED_ONCE_COUNTED) {
      askedOnce.delete(askedOnce.keys().next().value as string);
    }
    return false;
  }

  function forget(ofCollection: string) {
    if (generations.size >= COLLECTIONS_COUNTED) {
      generations.clear();
      pages.clear();
      askedOnce.clear();
      bytes = 0;
      floor = ++counter;
    }
    generations.set(ofCollection, ++counter);
  }
}

export type DocumentPages = ReturnType<typeof createDocumentPages>;
