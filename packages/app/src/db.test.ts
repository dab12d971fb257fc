import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configure } from "./config";
import { db, HybridgeError, WATCH_RETRY_MAX_MS, WATCH_RETRY_MS } from "./db";

type Listener = (event: { data: string; lastEventId?: string }) => void;

/** EventSource as the SDK sees it, driven by the test. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  private listeners = new Map<string, Listener[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  /** An event; `id` is the change's (decision 039), the source's lastEventId from then on. */
  emit(type: string, data: unknown = null, id?: string) {
    if (type !== "error") this.readyState = 1;
    if (id !== undefined) this.lastEventId = id;
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data: JSON.stringify(data), lastEventId: this.lastEventId });
    }
  }
  lastEventId = "";
  /** The browser's reconnection was refused (a 502): it stops retrying by itself. */
  refuse() {
    this.readyState = 2;
    this.emit("error");
  }
}

/** What the server answers the key's check after a refused stream (a balancer's 502 by default). */
let keyCheck: () => Response;
const keyChecks: Array<{ url: string; authorization: string | null }> = [];

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  configure({ server: "https://hybridge.test", key: "hb_db_test" });
  keyChecks.length = 0;
  keyCheck = () => new Response("Bad Gateway", { status: 502 });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    keyChecks.push({ url, authorization: new Headers(init.headers).get("authorization") });
    return keyCheck();
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("db.watch", () => {
  it("forwards additions and deletions of the collection", () => {
    const changes: unknown[] = [];
    db.watch("orders", (change) => changes.push(change));
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe(
      "https://hybridge.test/api/v1/db/collections/orders/events?key=hb_db_test",
    );
    source?.emit("ready");
    source?.emit("document-added", { id: "d1", createdAt: "2026-11-26T00:00:00Z", item: "Tea" });
    source?.emit("document-deleted", { id: "d1" });
    expect(changes).toEqual([
      { type: "added", document: { id: "d1", createdAt: "2026-11-26T00:00:00Z", item: "Tea" } },
      { type: "deleted", id: "d1" },
    ]);
  });

  it("forwards a written document as modified, whole", () => {
    const changes: unknown[] = [];
    db.watch("orders", (change) => changes.push(change));
    const [source] = FakeEventSource.opened;
    const written = { id: "d1", createdAt: "2026-11-26T00:00:00Z", version: 2, item: "Tea" };
    source?.emit("document-modified", written);
    expect(changes).toEqual([{ type: "modified", document: written }]);
  });

  it("leaves a network loss to the browser's own reconnection", () => {
    db.watch("orders", () => {});
    const [source] = FakeEventSource.opened;
    if (!source) throw new Error("no stream");
    source.readyState = 0; // CONNECTING: the browser retries
    source.emit("error");
    vi.advanceTimersByTime(WATCH_RETRY_MAX_MS * 2);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it("opens a refused stream anew, waiting longer each time, until one stays open", async () => {
    const changes: unknown[] = [];
    db.watch("orders", (change) => changes.push(change));
    FakeEventSource.opened[0]?.refuse();
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MS - 1);
    expect(FakeEventSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]?.refuse();
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MS * 2 - 1);
    expect(FakeEventSource.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.opened).toHaveLength(3);
    // This one is served: its events arrive, and a later refusal waits the first delay again.
    const third = FakeEventSource.opened[2];
    third?.emit("ready");
    third?.emit("document-deleted", { id: "d2" });
    expect(changes).toEqual([{ type: "deleted", id: "d2" }]);
    third?.refuse();
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MS);
    expect(FakeEventSource.opened).toHaveLength(4);
    // Each refusal asked the server whether the key itself is refused: it was not.
    expect(keyChecks).toHaveLength(3);
    expect(keyChecks[0]).toEqual({
      url: "https://hybridge.test/api/v1/db/collections/orders/documents?limit=1",
      authorization: "Bearer hb_db_test",
    });
  });

  it("opens it anew as well when the server cannot be reached to check the key", async () => {
    keyCheck = () => {
      throw new TypeError("fetch failed");
    };
    db.watch("orders", () => {});
    FakeEventSource.opened[0]?.refuse();
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MS);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("stops and reports when the server refuses the key (regenerated): no retry with it", async () => {
    const refusal = { code: "UNAUTHENTICATED", message: "A valid database key is required." };
    keyCheck = () => Response.json(refusal, { status: 401 });
    const errors: HybridgeError[] = [];
    db.watch("orders", () => {}, { onError: (error) => errors.push(error) });
    // The server ended the stream when the key changed; the browser's reconnection got 401.
    FakeEventSource.opened[0]?.refuse();
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MAX_MS * 2);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(HybridgeError);
    expect(errors[0]).toMatchObject({ ...refusal, status: 401 });
    expect(keyChecks).toHaveLength(1);
  });

  it("writes the refusal to the console when no onError is given", async () => {
    keyCheck = () =>
      Response.json(
        { code: "UNAUTHENTICATED", message: "A valid database key is required." },
        {
          status: 401,
        },
      );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    db.watch("orders", () => {});
    FakeEventSource.opened[0]?.refuse();
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MAX_MS);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ code: "UNAUTHENTICATED" }));
    logged.mockRestore();
  });

  it("stops for good when the returned function is called, even while waiting to retry", async () => {
    const stop = db.watch("orders", () => {});
    FakeEventSource.opened[0]?.refuse();
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MAX_MS);
    expect(FakeEventSource.opened).toHaveLength(1);
    const again = db.watch("orders", () => {});
    again();
    expect(FakeEventSource.opened[1]?.closed).toBe(true);
  });
});

describe("db.watch, resumed (decision 039)", () => {
  const doc = (id: string, item: string) => ({ id, createdAt: "2026-11-27T00:00:00Z", item });

  it("forwards modifications whole, and opens a refused stream anew after the last change it delivered", async () => {
    const changes: unknown[] = [];
    db.watch("orders", (change) => changes.push(change));
    const [first] = FakeEventSource.opened;
    first?.emit("ready", null, "40");
    first?.emit("document-added", doc("d1", "Tea"), "41");
    first?.emit("document-modified", doc("d1", "Green tea"), "42");
    expect(changes).toEqual([
      { type: "added", document: doc("d1", "Tea") },
      { type: "modified", document: doc("d1", "Green tea") },
    ]);
    first?.refuse();
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MS);
    expect(FakeEventSource.opened[1]?.url).toBe(
      "https://hybridge.test/api/v1/db/collections/orders/events?key=hb_db_test&lastEventId=42",
    );
  });

  it("resumes from ready's id when no change came before the stream was refused", async () => {
    db.watch("orders", () => {});
    FakeEventSource.opened[0]?.emit("ready", null, "7");
    FakeEventSource.opened[0]?.refuse();
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MS);
    expect(FakeEventSource.opened[1]?.url).toMatch(/&lastEventId=7$/);
  });

  it("reads the collection again on reset, then delivers what came meanwhile, in order", async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal("fetch", async (url: string) => {
      keyChecks.push({ url, authorization: null });
      await answered;
      return Response.json({ documents: [doc("d9", "Coffee")], next: null });
    });
    const changes: unknown[] = [];
    db.watch("orders", (change) => changes.push(change));
    const [source] = FakeEventSource.opened;
    source?.emit("ready", null, "3");
    source?.emit("reset", null, "90");
    source?.emit("document-added", doc("d10", "Cake"), "91");
    expect(changes).toEqual([]);
    expect(keyChecks[0]?.url).toBe(
      "https://hybridge.test/api/v1/db/collections/orders/documents?limit=500",
    );
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(changes).toEqual([
      { type: "reset", documents: [doc("d9", "Coffee")] },
      { type: "added", document: doc("d10", "Cake") },
    ]);
    source?.refuse();
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MS);
    expect(FakeEventSource.opened[1]?.url).toMatch(/&lastEventId=91$/);
  });
});
