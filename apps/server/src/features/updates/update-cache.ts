/**
 * The check's per-channel list of updates, kept a few seconds per process (decision 051): a
 * fleet of phones starting at once asks the same few channels. A change made by this process
 * (a new update, a rollout, a rollback) empties it at once; another server process sees the
 * change within TTL_MS.
 */
export type CachedUpdate = {
  id: string;
  runtimeVersion: string;
  rolloutPercent: number;
  paused: boolean;
  rolledBack: boolean;
  size: number;
  sha256: string;
  signature: string;
};
export type CachedChannel = { embeddedAt: Date | null; updates: CachedUpdate[] } | null;

const TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;
const entries = new Map<string, { at: number; value: CachedChannel }>();

export const channelCache = {
  get(appKey: string, channel: string, now = Date.now()): CachedChannel | undefined {
    const key = `${appKey}\u0000${channel}`;
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (now - hit.at > TTL_MS) {
      entries.delete(key);
      return undefined;
    }
    return hit.value;
  },
  set(appKey: string, channel: string, value: CachedChannel, now = Date.now()) {
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(`${appKey}\u0000${channel}`, { at: now, value });
  },
  /** After any change to a channel or an update: the next check reads the database. */
  clear() {
    entries.clear();
  },
};

/** How many (update, install) pairs a process remembers having written (about 8 MB at most). */
const MAX_WRITTEN_PAIRS = 50_000;
const written = new Set<string>();

/**
 * The (update, install) pairs whose "asked" row this process has written: an install offered an
 * update checks again at each cold start until it has it, and its row is already there (rows are
 * only ever deleted with their update), so the repeat skips the insert — the one query of an
 * offering check (bench/README.md: the offer's tail under 1,000 installs at once was that insert).
 * Oldest forgotten first when full: forgetting only costs an insert that does nothing.
 */
export const askedRows = {
  has(updateId: string, installId: string): boolean {
    return written.has(`${updateId}\u0000${installId}`);
  },
  add(updateId: string, installId: string) {
    if (written.size >= MAX_WRITTEN_PAIRS) {
      const oldest = written.values().next().value;
      if (oldest !== undefined) written.delete(oldest);
    }
    written.add(`${updateId}\u0000${installId}`);
  },
};
