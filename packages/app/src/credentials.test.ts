import { APP_KEY_HEADER, APP_USERS_API_PATH } from "@hybridge/shared/app-users/schemas";
import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auth } from "./auth";
import { configure } from "./config";
import {
  APP_USERS_PATH,
  RENEW_BEFORE_MS,
  APP_KEY_HEADER as SDK_APP_KEY_HEADER,
} from "./credentials";
import { db, WATCH_RETRY_MS } from "./db";
import { SESSION_KEY, saveSession } from "./session";
import { type FakeServer, fakeServer, refusal, SERVER, sessionAnswer } from "./test-support";

type Listener = (event: { data: string; lastEventId?: string }) => void;
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
  emit(type: string, data: unknown = null, lastEventId = "") {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data: JSON.stringify(data), lastEventId });
    }
  }
}

let server: FakeServer;
/** The access tokens the fake data API accepts; any other is refused with 401. */
let valid: Set<string>;
/** Refresh: the pair number the next refresh answers, or a refusal. */
let nextPair: number;
let refreshRefused: boolean;

const documents = `/api/v1/db/collections/orders/documents`;
const REFRESHED = `${APP_USERS_PATH}/refresh`;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  server = fakeServer();
  valid = new Set(["access-1"]);
  nextPair = 2;
  refreshRefused = false;
  configure({ server: SERVER, appKey: "app-key-1", key: undefined });
  server.answer = async (call) => {
    if (call.path === `${APP_USERS_PATH}/sign-in`) return Response.json(sessionAnswer(1));
    if (call.path === REFRESHED) {
      // Answered a moment later, as a server does: calls meanwhile must wait for it.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (refreshRefused) return refusal(401, "UNAUTHENTICATED", AppUsersTexts.sessionEnded);
      const pair = sessionAnswer(nextPair++);
      valid.add(pair.accessToken);
      return Response.json(pair);
    }
    const token = call.headers.get("authorization")?.replace("Bearer ", "");
    if (token && !valid.has(token)) {
      return refusal(401, "UNAUTHENTICATED", AppUsersTexts.tokenRequired);
    }
    return Response.json({ documents: [], nextCursor: null });
  };
});
/** Stops the watches a failed test left open. */
const watches: Array<() => void> = [];
const watch = (...args: Parameters<typeof db.watch>) => {
  const stop = db.watch(...args);
  watches.push(stop);
  return stop;
};
afterEach(() => {
  for (const stop of watches.splice(0)) stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  saveSession(null);
  localStorage.clear();
});

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("it did not fail");
};

async function signIn() {
  await auth.signIn({ email: "ana@example.com", password: "correct horse" });
  server.calls.length = 0;
}

describe("the credentials of db.* calls", () => {
  it("are the server's names for the app key's header and the auth routes", () => {
    expect(SDK_APP_KEY_HEADER).toBe(APP_KEY_HEADER);
    expect(APP_USERS_PATH).toBe(APP_USERS_API_PATH);
  });

  it("signed out: the app key alone (an anonymous caller)", async () => {
    await db.getDocs("orders");
    await db.query("orders").where("status", "==", "open").get();
    for (const call of server.calls) {
      expect(call.headers.get("x-hybridge-app")).toBe("app-key-1");
      expect(call.headers.get("authorization")).toBeNull();
    }
    expect(server.calls).toHaveLength(2);
  });

  it("signed in: the app key and the user's access token, on every call and query", async () => {
    await signIn();
    await db.add("orders", { item: "Tea" });
    await db.query("orders").count();
    await db.delete("orders", "d1");
    expect(server.calls).toHaveLength(3);
    for (const call of server.calls) {
      expect(call.headers.get("x-hybridge-app")).toBe("app-key-1");
      expect(call.headers.get("authorization")).toBe("Bearer access-1");
    }
  });

  it("the Test Mode key without an app key; the app key when both are set", async () => {
    configure({ appKey: undefined, key: "hb_test_1" });
    valid.add("hb_test_1");
    await db.getDocs("orders");
    expect(server.calls[0]?.headers.get("authorization")).toBe("Bearer hb_test_1");
    expect(server.calls[0]?.headers.get("x-hybridge-app")).toBeNull();
    configure({ appKey: "app-key-1" });
    await db.getDocs("orders");
    expect(server.calls[1]?.headers.get("authorization")).toBeNull();
    expect(server.calls[1]?.headers.get("x-hybridge-app")).toBe("app-key-1");
  });
});

describe("an access token the server refuses (401)", () => {
  it("is renewed once, the new pair kept, and the call sent again once", async () => {
    await signIn();
    valid.delete("access-1");
    expect(await db.getDocs("orders")).toEqual([]);
    expect(server.calls.map((call) => call.path)).toEqual([documents, REFRESHED, documents]);
    expect(server.to(REFRESHED)[0]?.body).toEqual({ refreshToken: "refresh-1" });
    expect(server.calls[2]?.headers.get("authorization")).toBe("Bearer access-2");
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null");
    expect(stored).toMatchObject({ accessToken: "access-2", refreshToken: "refresh-2" });
    expect(auth.currentUser()?.id).toBe("u1");
  });

  it("is renewed once for calls made together: a refresh token is good for one use", async () => {
    await signIn();
    valid.delete("access-1");
    await Promise.all([
      db.getDocs("orders"),
      db.getDoc("orders", "d1"),
      db.query("orders").count(),
      db.add("orders", { item: "Tea" }),
    ]);
    expect(server.to(REFRESHED)).toHaveLength(1);
    const retried = server.calls.slice(-4);
    for (const call of retried) expect(call.headers.get("authorization")).toBe("Bearer access-2");
    // A call after it uses the new token at once.
    await db.getDocs("orders");
    expect(server.to(REFRESHED)).toHaveLength(1);
  });

  it("is sent again once only: a second refusal is the call's answer", async () => {
    await signIn();
    const answer = server.answer;
    server.answer = (call) =>
      call.path === documents
        ? refusal(401, "UNAUTHENTICATED", AppUsersTexts.tokenRequired)
        : answer(call);
    const refused = await failure(db.getDocs("orders"));
    expect(refused).toMatchObject({ code: "UNAUTHENTICATED", status: 401 });
    expect(server.calls.map((call) => call.path)).toEqual([documents, REFRESHED, documents]);
    // The session itself was renewed: it stays.
    expect(auth.currentUser()?.id).toBe("u1");
  });

  it("ends the session when the refresh is refused: onChange(null), and the call fails", async () => {
    await signIn();
    const changes: unknown[] = [];
    const stop = auth.onChange((user) => changes.push(user?.id ?? null));
    await Promise.resolve();
    valid.delete("access-1");
    refreshRefused = true;
    const results = await Promise.allSettled([db.getDocs("orders"), db.getDocs("orders")]);
    for (const result of results) {
      expect(result).toMatchObject({
        status: "rejected",
        reason: { code: "UNAUTHENTICATED", message: AppUsersTexts.sessionEnded },
      });
    }
    expect(server.to(REFRESHED)).toHaveLength(1);
    expect(auth.currentUser()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(changes).toEqual(["u1", null]);
    stop();
    // Signed out from then on: the app key alone.
    await db.getDocs("orders");
    expect(server.calls.at(-1)?.headers.get("authorization")).toBeNull();
  });

  it("is not renewed in Test Mode: the key's refusal is the answer", async () => {
    configure({ appKey: undefined, key: "hb_test_wrong" });
    valid.clear();
    const refused = await failure(db.getDocs("orders"));
    expect(refused).toMatchObject({ status: 401 });
    expect(server.to(REFRESHED)).toHaveLength(0);
  });
});

describe("an access token about to expire", () => {
  it("is renewed before the call, not after a refusal", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await signIn();
    vi.setSystemTime(Date.now() + 900_000 - RENEW_BEFORE_MS + 1);
    await db.getDocs("orders");
    expect(server.calls.map((call) => call.path)).toEqual([REFRESHED, documents]);
    expect(server.calls[1]?.headers.get("authorization")).toBe("Bearer access-2");
  });

  it("is taken from the tab that renewed it meanwhile (Web Locks), not renewed twice", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await signIn();
    vi.setSystemTime(Date.now() + 900_000);
    const renewedElsewhere = {
      server: SERVER,
      appKey: "app-key-1",
      ...sessionAnswer(7),
      expiresAt: Date.now() + 900_000,
    };
    valid.add("access-7");
    vi.stubGlobal("navigator", {
      locks: {
        // The other tab held the lock and renewed the session before this one got it.
        request: async (_name: string, callback: () => Promise<unknown>) => {
          localStorage.setItem(SESSION_KEY, JSON.stringify(renewedElsewhere));
          return callback();
        },
      },
    });
    await db.getDocs("orders");
    expect(server.to(REFRESHED)).toHaveLength(0);
    expect(server.calls[0]?.headers.get("authorization")).toBe("Bearer access-7");
  });
});

describe("db.watch in app mode", () => {
  const streamUrl = (query: string) => `${SERVER}/api/v1/db/collections/orders/events?${query}`;

  it("puts the app key, and the user's token when signed in, in the stream's address", async () => {
    const stop = watch("orders", () => {});
    expect(FakeEventSource.opened[0]?.url).toBe(streamUrl("app=app-key-1"));
    stop();
    await signIn();
    const again = watch("orders", () => {});
    expect(FakeEventSource.opened[1]?.url).toBe(streamUrl("app=app-key-1&token=access-1"));
    again();
  });

  it("reopens with a renewed token before it expires, resuming after the last change", async () => {
    vi.useFakeTimers();
    await signIn();
    const changes: unknown[] = [];
    const stop = watch("orders", (change) => changes.push(change));
    const [first] = FakeEventSource.opened;
    first?.emit("ready", null, "40");
    first?.emit("document-deleted", { id: "d1" }, "41");
    await vi.advanceTimersByTimeAsync(900_000 - RENEW_BEFORE_MS - 1);
    expect(server.to(REFRESHED)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(server.to(REFRESHED)).toHaveLength(1);
    expect(first?.closed).toBe(true);
    expect(FakeEventSource.opened[1]?.url).toBe(
      streamUrl("app=app-key-1&token=access-2&lastEventId=41"),
    );
    expect(changes).toEqual([{ type: "deleted", id: "d1" }]);
    stop();
    expect(FakeEventSource.opened[1]?.closed).toBe(true);
  });

  it("reopens with a fresh token when the server ends the stream on its expiry", async () => {
    vi.useFakeTimers();
    await signIn();
    const stop = watch("orders", () => {});
    const [first] = FakeEventSource.opened;
    first?.emit("ready", null, "40");
    // The server refuses the old token: the browser's reconnection failed, and the check
    // of the credentials renews the session, which reopens the stream at once.
    valid.delete("access-1");
    if (first) first.readyState = 2;
    first?.emit("error");
    await vi.advanceTimersByTimeAsync(10);
    expect(server.to(REFRESHED)).toHaveLength(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]?.url).toBe(
      streamUrl("app=app-key-1&token=access-2&lastEventId=40"),
    );
    // Not a second time after the retry's delay.
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MS * 2);
    expect(FakeEventSource.opened).toHaveLength(2);
    stop();
  });

  it("follows a sign-out: reopens without the token and reads the collection again", async () => {
    await signIn();
    const changes: unknown[] = [];
    const stop = watch("orders", (change) => changes.push(change));
    FakeEventSource.opened[0]?.emit("ready", null, "40");
    server.answer = (call) =>
      call.path === documents
        ? Response.json({ documents: [], nextCursor: null })
        : new Response(null, { status: 204 });
    await auth.signOut();
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
    expect(FakeEventSource.opened[1]?.url).toBe(streamUrl("app=app-key-1"));
    await vi.waitFor(() => expect(changes).toEqual([{ type: "reset", documents: [] }]));
    expect(server.to(documents)[0]?.headers.get("authorization")).toBeNull();
    stop();
  });
});
