import { auth, configure, db, HybridgeError, type HybridgeUser } from "@hybridge/app/db";
import { APP_KEY_HEADER } from "@hybridge/shared/app-users/schemas";
import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { RULE_TEMPLATES } from "@hybridge/shared/rules/schemas";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestApp,
  createTestUser,
  TEST_SECRET,
  type TestApp,
  uniqueEmail,
} from "../../../test/test-app";
import { signAccessToken } from "../../platform/app-user-tokens";
import { appUsers } from "../../platform/db/schema";
import { authed, createTestProject } from "../projects/test-support";

// The SDK's auth.* (@hybridge/app) against a real server, as an app calls it: in Node, where
// it keeps the session in memory, and in a page with localStorage, as a WebView does.
let app: TestApp;
let base: string;
let appKey: string;
let projectId: string;
let testKey: string;
beforeAll(async () => {
  app = await createTestApp();
  base = await app.listen({ port: 0, host: "127.0.0.1" });
  const owner = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie);
  appKey = project.keyApp;
  projectId = project.id;
  const settings = await app.inject({
    url: `/api/projects/${projectId}/settings`,
    headers: authed(owner.cookie),
  });
  testKey = settings.json().settings.databaseKey;
  const rules = await app.inject({
    method: "PUT",
    url: `/api/projects/${projectId}/rules/notes`,
    headers: authed(owner.cookie),
    payload: RULE_TEMPLATES.privatePerUser,
  });
  expect(rules.statusCode, rules.body).toBe(200);
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

describe("@hybridge/app's db as the signed-in user (decision 044)", () => {
  it("carries the user's token on every call: each user reaches their own notes, nobody none", async () => {
    // Both keys configured: the app key wins, so the rules apply as they will live.
    configure({ server: base, appKey, key: testKey });
    const ana = credentials();
    const anaId = (await auth.signUp(ana)).id;
    const anaNote = await db.add("notes", { owner: anaId, text: "Ana's" });
    await auth.signOut();

    const benId = (await auth.signUp(credentials())).id;
    await db.add("notes", { owner: benId, text: "Ben's" });
    const forAna = await failure(db.add("notes", { owner: anaId, text: "Not Ben's to write" }));
    expect(forAna).toMatchObject({ code: "FORBIDDEN", status: 403 });
    expect((await db.query("notes").get()).map((note) => note.text)).toEqual(["Ben's"]);
    expect(await db.getDoc("notes", anaNote)).toBeNull();
    await auth.signOut();

    // Signed out: an anonymous caller, whom the private rule shows nothing.
    expect(await db.getDocs("notes")).toEqual([]);
    await auth.signIn(ana);
    expect((await db.getDocs("notes")).map((note) => note.text)).toEqual(["Ana's"]);
    expect(await db.query("notes").count()).toBe(1);
  });

  it("renews a token the data API refuses once expired, and sends the call again", async () => {
    const page = inPage();
    configure({ server: base, appKey });
    const user = await auth.signUp(credentials());
    await db.add("notes", { owner: user.id, text: "Mine" });
    const kept = page.kept();
    if (!kept) throw new Error("no session kept");
    page.keep({ ...kept, accessToken: await expiredToken(user) });
    const spy = vi.spyOn(globalThis, "fetch");
    expect((await db.getDocs("notes")).map((note) => note.text)).toEqual(["Mine"]);
    const paths = spy.mock.calls.map(([url]) => new URL(String(url)).pathname);
    expect(paths).toEqual([
      "/api/v1/db/collections/notes/documents",
      "/api/v1/auth/refresh",
      "/api/v1/db/collections/notes/documents",
    ]);
    expect(page.kept()?.refreshToken).not.toBe(kept.refreshToken);
  });
});
