import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { SdkTexts } from "@hybridge/shared/data/texts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auth } from "./auth";
import { configure } from "./config";
import { HybridgeError } from "./errors";
import { installFakeShell } from "./fake-shell";
import { SESSION_KEY, saveSession } from "./session";
import { type FakeServer, fakeServer, refusal, SERVER, sessionAnswer } from "./test-support";

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
  configure({ server: SERVER, appKey: "app-key-1", key: undefined });
});
afterEach(() => {
  vi.unstubAllGlobals();
  saveSession(null);
  localStorage.clear();
  sessionStorage.clear();
  delete (globalThis as { HybridgeNative?: unknown }).HybridgeNative;
});

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("it did not fail");
};

/** Signs user u1 in (pair 1) through the fake server. */
async function signedIn() {
  server.answer = () => Response.json(sessionAnswer(1));
  await auth.signIn({ email: "ana@example.com", password: "correct horse" });
  server.calls.length = 0;
}

describe("auth.logout", () => {
  it("forgets the stored session, and nothing else of the page's", async () => {
    localStorage.setItem("hybridge.session", "s1");
    sessionStorage.setItem("hybridge.user", "u1");
    localStorage.setItem("theme", "dark");
    await auth.logout();
    expect(localStorage.getItem("hybridge.session")).toBeNull();
    expect(sessionStorage.getItem("hybridge.user")).toBeNull();
    expect(localStorage.getItem("theme")).toBe("dark");
  });

  it("asks the native shell to forget its own, inside the app, and waits for it", async () => {
    const shell = installFakeShell();
    try {
      await auth.logout();
      expect(shell.effects).toEqual(["logout"]);
    } finally {
      shell.remove();
    }
  });

  it("still signs out when the shell refuses (a page of another origin)", async () => {
    const shell = installFakeShell();
    shell.allowedOrigin = "https://localhost";
    localStorage.setItem("hybridge.session", "s1");
    try {
      await auth.logout();
      expect(shell.effects).toEqual([]);
      expect(localStorage.getItem("hybridge.session")).toBeNull();
    } finally {
      shell.remove();
    }
  });
});

describe("auth.signIn and auth.signUp", () => {
  it("signs in with the app key, keeps the session in localStorage and tells who is signed in", async () => {
    const changes: unknown[] = [];
    const stop = auth.onChange((user) => changes.push(user));
    await Promise.resolve();
    server.answer = () => Response.json(sessionAnswer(1));
    const user = await auth.signIn({ email: "ana@example.com", password: "correct horse" });
    expect(user).toEqual({ id: "u1", email: "ana@example.com", verified: false });
    expect(auth.currentUser()).toEqual(user);
    const [call] = server.calls;
    expect(call?.method).toBe("POST");
    expect(call?.url).toBe(`${SERVER}/api/v1/auth/sign-in`);
    expect(call?.headers.get("x-hybridge-app")).toBe("app-key-1");
    expect(call?.headers.get("authorization")).toBeNull();
    expect(call?.body).toEqual({ email: "ana@example.com", password: "correct horse" });
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null");
    expect(stored).toMatchObject({
      appKey: "app-key-1",
      accessToken: "access-1",
      refreshToken: "refresh-1",
    });
    // First the user at the time of subscribing, then the change.
    expect(changes).toEqual([null, user]);
    stop();
  });

  it("signs up the same way, and answers the server's refusal as a HybridgeError", async () => {
    server.answer = () => Response.json(sessionAnswer(1), { status: 201 });
    const user = await auth.signUp({ email: "ana@example.com", password: "correct horse" });
    expect(user.id).toBe("u1");
    expect(server.calls[0]?.url).toBe(`${SERVER}/api/v1/auth/sign-up`);
    await auth.signOut();

    server.answer = () => refusal(409, "CONFLICT", AppUsersTexts.emailTaken);
    const taken = await failure(auth.signUp({ email: "ana@example.com", password: "x12345678" }));
    expect(taken).toBeInstanceOf(HybridgeError);
    expect(taken).toMatchObject({
      code: "CONFLICT",
      status: 409,
      message: AppUsersTexts.emailTaken,
    });
    expect(auth.currentUser()).toBeNull();
  });

  it("keeps the session in memory where there is no localStorage (Node, tests)", async () => {
    const page = localStorage;
    vi.stubGlobal("localStorage", undefined);
    await signedIn();
    expect(auth.currentUser()?.id).toBe("u1");
    expect(page.getItem(SESSION_KEY)).toBeNull();
  });

  it("needs the app key: the Test Mode key signs no one in", async () => {
    configure({ appKey: undefined, key: "hb_test_1" });
    const refused = await failure(auth.signIn({ email: "a@example.com", password: "x" }));
    expect(refused).toMatchObject({
      code: "NOT_CONFIGURED",
      message: SdkTexts.appKeyRequired("signIn"),
    });
    expect(server.calls).toHaveLength(0);
  });

  it("does not use another app's session", async () => {
    await signedIn();
    configure({ appKey: "app-key-2" });
    expect(auth.currentUser()).toBeNull();
    configure({ appKey: "app-key-1" });
    expect(auth.currentUser()?.id).toBe("u1");
  });
});

describe("auth.signOut", () => {
  it("revokes the refresh token on the server, forgets the session and tells null", async () => {
    await signedIn();
    const changes: unknown[] = [];
    const stop = auth.onChange((user) => changes.push(user));
    await Promise.resolve();
    server.answer = () => new Response(null, { status: 204 });
    await auth.signOut();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({
      method: "POST",
      url: `${SERVER}/api/v1/auth/sign-out`,
      body: { refreshToken: "refresh-1" },
    });
    expect(server.calls[0]?.headers.get("x-hybridge-app")).toBe("app-key-1");
    expect(auth.currentUser()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(changes).toEqual([expect.objectContaining({ id: "u1" }), null]);
    stop();
  });

  it("still forgets the session here when the server cannot be reached", async () => {
    await signedIn();
    server.answer = () => {
      throw new TypeError("fetch failed");
    };
    await auth.logout();
    expect(auth.currentUser()).toBeNull();
  });
});

describe("auth.onChange", () => {
  it("follows another tab's sign-in and sign-out (the storage event)", async () => {
    const changes: unknown[] = [];
    const stop = auth.onChange((user) => changes.push(user?.id ?? null));
    await Promise.resolve();
    const other = {
      server: SERVER,
      appKey: "app-key-1",
      ...sessionAnswer(5, { id: "u5", email: "bo@example.com" }),
      expiresAt: Date.now() + 900_000,
    };
    localStorage.setItem(SESSION_KEY, JSON.stringify(other));
    window.dispatchEvent(new StorageEvent("storage", { key: SESSION_KEY }));
    expect(auth.currentUser()?.id).toBe("u5");
    localStorage.removeItem(SESSION_KEY);
    window.dispatchEvent(new StorageEvent("storage", { key: SESSION_KEY }));
    expect(changes).toEqual([null, "u5", null]);
    stop();
    await signedIn();
    expect(changes).toEqual([null, "u5", null]);
  });
});

describe("auth.sendPasswordReset", () => {
  it("asks the server to mail a reset link", async () => {
    server.answer = () => new Response(null, { status: 202 });
    await auth.sendPasswordReset("ana@example.com");
    expect(server.calls[0]).toMatchObject({
      method: "POST",
      url: `${SERVER}/api/v1/auth/password-reset`,
      body: { email: "ana@example.com" },
    });
    expect(server.calls[0]?.headers.get("x-hybridge-app")).toBe("app-key-1");
  });
});

describe("auth.deleteAccount", () => {
  it("deletes the account with the password again, then forgets the session", async () => {
    await signedIn();
    server.answer = () => new Response(null, { status: 204 });
    await auth.deleteAccount({ password: "correct horse" });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({
      method: "DELETE",
      url: `${SERVER}/api/v1/auth/user`,
      body: { password: "correct horse" },
    });
    expect(server.calls[0]?.headers.get("authorization")).toBe("Bearer access-1");
    expect(auth.currentUser()).toBeNull();
  });

  it("keeps the session when the password is wrong, and needs someone signed in", async () => {
    await signedIn();
    server.answer = () => refusal(403, "FORBIDDEN", AppUsersTexts.wrongPassword);
    const wrong = await failure(auth.deleteAccount({ password: "nope" }));
    expect(wrong).toMatchObject({ code: "FORBIDDEN", message: AppUsersTexts.wrongPassword });
    expect(auth.currentUser()?.id).toBe("u1");
    // A 403 is not a token's refusal: no refresh.
    expect(server.calls).toHaveLength(1);

    await auth.signOut();
    server.calls.length = 0;
    const nobody = await failure(auth.deleteAccount({ password: "nope" }));
    expect(nobody).toMatchObject({
      code: "UNAUTHENTICATED",
      message: SdkTexts.notSignedIn("deleteAccount"),
    });
    expect(server.calls).toHaveLength(0);
  });
});
