import { auth, configure, HybridgeError, type HybridgeUser } from "@hybridge/app/db";
import { APP_KEY_HEADER } from "@hybridge/shared/app-users/schemas";
import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestApp,
  createTestUser,
  TEST_SECRET,
  type TestApp,
  uniqueEmail,
} from "../../../test/test-app";
import { appUsers } from "../../platform/db/schema";
import { createTestProject } from "../projects/test-support";
import { signAccessToken } from "./tokens";

// The SDK's auth.* (@hybridge/app) against a real server, as an app calls it: in Node, where
// it keeps the session in memory, and in a page with localStorage, as a WebView does.
let app: TestApp;
let base: string;
let appKey: string;
let projectId: string;
beforeAll(async () => {
  app = await createTestApp();
  base = await app.listen({ port: 0, host: "127.0.0.1" });
  const owner = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie);
  appKey = project.keyApp;
  projectId = project.id;
}, 60_000);
afterEach(async () => {
  await auth.signOut();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
afterAll(async () => {
  // The SDK's configuration outlives this file (the server's test files share their modules):
  // the next file's SDK calls use its own key, not this app key.
  configure({ appKey: undefined });
  await app?.cleanup();
});

/** The page's localStorage, as a browser or the app's WebView has it: items as own keys. */
class PageStorage {
  getItem(key: string): string | null {
    return Object.hasOwn(this, key)
      ? ((this as unknown as Record<string, string>)[key] ?? null)
      : null;
  }
  setItem(key: string, value: string) {
    (this as unknown as Record<string, string>)[key] = String(value);
  }
  removeItem(key: string) {
    delete (this as unknown as Record<string, string>)[key];
  }
}
type Kept = { accessToken: string; refreshToken: string; expiresAt: number };
const SESSION_KEY = "hybridge.session";
/** A page with localStorage: the SDK keeps its session there, where the test can read it. */
function inPage() {
  const storage = new PageStorage();
  vi.stubGlobal("localStorage", storage);
  const kept = () => JSON.parse(storage.getItem(SESSION_KEY) ?? "null") as Kept | null;
  const keep = (session: Kept) => storage.setItem(SESSION_KEY, JSON.stringify(session));
  return { kept, keep };
}

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("it did not fail");
};

const credentials = () => ({ email: uniqueEmail("sdk"), password: `pw-${Math.random()}` });

/** The user an access token stands for, as the server's GET /auth/user answers. */
const userOf = (accessToken: string) =>
  app.inject({
    url: "/api/v1/auth/user",
    headers: { [APP_KEY_HEADER]: appKey, authorization: `Bearer ${accessToken}` },
  });
const refreshWith = (refreshToken: string) =>
  app.inject({
    method: "POST",
    url: "/api/v1/auth/refresh",
    headers: { [APP_KEY_HEADER]: appKey },
    payload: { refreshToken },
  });
/** A token of `user` that expired a minute ago, signed as the server signs them. */
const expiredToken = (user: HybridgeUser) =>
  signAccessToken({
    secret: TEST_SECRET,
    user: { userId: user.id, projectId, email: user.email, verified: user.verified },
    now: Date.now() - 16 * 60 * 1000,
  });
/** The auth routes the SDK called, in order. */
const authCalls = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.includes("/api/v1/auth/"))
    .map((url) => url.slice(url.indexOf("/api/v1/auth/") + "/api/v1/auth/".length));

describe("@hybridge/app's auth against the server", () => {
  it("signs up, signs out and signs in again; currentUser and onChange follow", async () => {
    configure({ server: base, appKey });
    const { email, password } = credentials();
    const changes: Array<string | null> = [];
    const stop = auth.onChange((user) => changes.push(user?.email ?? null));

    const user = await auth.signUp({ email, password });
    expect(user).toEqual({ id: expect.any(String), email, verified: false });
    expect(auth.currentUser()).toEqual(user);
    const [row] = await app.deps.db.select().from(appUsers).where(eq(appUsers.id, user.id));
    expect(row?.projectId).toBe(projectId);

    const taken = await failure(auth.signUp({ email, password }));
    expect(taken).toBeInstanceOf(HybridgeError);
    expect(taken).toMatchObject({
      code: "CONFLICT",
      status: 409,
      message: AppUsersTexts.emailTaken,
    });
    expect(auth.currentUser()).toEqual(user);

    await auth.signOut();
    expect(auth.currentUser()).toBeNull();
    const wrong = await failure(auth.signIn({ email, password: "not the password" }));
    expect(wrong).toMatchObject({
      code: "UNAUTHENTICATED",
      status: 401,
      message: AppUsersTexts.invalidCredentials,
    });
    expect(await auth.signIn({ email: email.toUpperCase(), password })).toEqual(user);
    expect(auth.currentUser()).toEqual(user);
    expect(changes).toEqual([null, email, null, email]);
    stop();
  });

  it("keeps the session in the page's storage, with tokens the server accepts", async () => {
    const page = inPage();
    configure({ server: base, appKey });
    const user = await auth.signUp(credentials());
    const kept = page.kept();
    expect(kept?.expiresAt).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
    const answer = await userOf(kept?.accessToken ?? "");
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user).toEqual(user);
  });

  it("signOut revokes the session on the server: its refresh token is refused afterwards", async () => {
    const page = inPage();
    configure({ server: base, appKey });
    await auth.signUp(credentials());
    const refreshToken = page.kept()?.refreshToken ?? "";
    await auth.signOut();
    expect(page.kept()).toBeNull();
    const refused = await refreshWith(refreshToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(AppUsersTexts.sessionEnded);
  });

  it("signOut still forgets the session when the server cannot be reached", async () => {
    configure({ server: base, appKey });
    await auth.signUp(credentials());
    configure({ server: "http://127.0.0.1:9" });
    await auth.signOut();
    configure({ server: base });
    expect(auth.currentUser()).toBeNull();
  });

  it("renews an access token the server refuses once expired, then the call goes through", async () => {
    const page = inPage();
    configure({ server: base, appKey });
    const { email, password } = credentials();
    const user = await auth.signUp({ email, password });
    const first = page.kept();
    if (!first) throw new Error("no session kept");
    // As if this phone's clock were late: the SDK believes the token valid; the server does not.
    page.keep({ ...first, accessToken: await expiredToken(user) });
    const spy = vi.spyOn(globalThis, "fetch");
    await auth.deleteAccount({ password });
    expect(authCalls(spy)).toEqual(["user", "refresh", "user"]);
    expect(await app.deps.db.select().from(appUsers).where(eq(appUsers.id, user.id))).toEqual([]);
    expect(auth.currentUser()).toBeNull();
    // The refresh rotated the pair: the first refresh token is spent.
    expect((await refreshWith(first.refreshToken)).statusCode).toBe(401);
  });

  it("renews the access token before it expires, without a refused call first", async () => {
    const page = inPage();
    configure({ server: base, appKey });
    const { password } = credentials();
    const user = await auth.signUp({ ...credentials(), password });
    const first = page.kept();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 15 * 60 * 1000);
    const spy = vi.spyOn(globalThis, "fetch");
    await failure(auth.deleteAccount({ password: "not the password" }));
    expect(authCalls(spy)).toEqual(["refresh", "user"]);
    const renewed = page.kept();
    expect(renewed?.refreshToken).not.toBe(first?.refreshToken);
    expect((await userOf(renewed?.accessToken ?? "")).json().user).toEqual(user);
  });

  it("ends the session when the server refuses its refresh: onChange(null), and the call fails", async () => {
    const page = inPage();
    configure({ server: base, appKey });
    const { email, password } = credentials();
    const user = await auth.signUp({ email, password });
    const changes: Array<string | null> = [];
    const stop = auth.onChange((now) => changes.push(now?.id ?? null));
    await Promise.resolve();
    const kept = page.kept();
    if (!kept) throw new Error("no session kept");
    // Signed out from another copy of the session (a stolen one, or the server's revocation).
    await app.inject({
      method: "POST",
      url: "/api/v1/auth/sign-out",
      headers: { [APP_KEY_HEADER]: appKey },
      payload: { refreshToken: kept.refreshToken },
    });
    page.keep({ ...kept, accessToken: await expiredToken(user) });
    const refused = await failure(auth.deleteAccount({ password }));
    expect(refused).toMatchObject({
      code: "UNAUTHENTICATED",
      status: 401,
      message: AppUsersTexts.sessionEnded,
    });
    expect(auth.currentUser()).toBeNull();
    expect(page.kept()).toBeNull();
    expect(changes).toEqual([user.id, null]);
    // The account itself is still there.
    expect(await app.deps.db.select().from(appUsers).where(eq(appUsers.id, user.id))).toHaveLength(
      1,
    );
    stop();
  });

  it("deleteAccount asks for the password: a wrong one deletes nothing and keeps the session", async () => {
    configure({ server: base, appKey });
    const user = await auth.signUp(credentials());
    const wrong = await failure(auth.deleteAccount({ password: "not the password" }));
    expect(wrong).toMatchObject({
      code: "FORBIDDEN",
      status: 403,
      message: AppUsersTexts.wrongPassword,
    });
    expect(auth.currentUser()).toEqual(user);
    expect(await app.deps.db.select().from(appUsers).where(eq(appUsers.id, user.id))).toHaveLength(
      1,
    );
  });
});
