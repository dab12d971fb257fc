import { SdkTexts } from "@hybridge/shared/data/texts";
import { callNative, insideApp } from "./bridge";
import {
  APP_USERS_PATH,
  appRequest,
  appSettings,
  endSession,
  send,
  startSession,
} from "./credentials";
import { HybridgeError } from "./errors";
import {
  currentSession,
  type HybridgeUser,
  onUserChange,
  page,
  SESSION_STORAGE_PREFIX,
  type SessionAnswer,
  sessionOf,
} from "./session";

export { type HybridgeUser, SESSION_STORAGE_PREFIX } from "./session";

/** An e-mail address and a password (8 to 128 characters for a new account). */
export type AuthCredentials = { email: string; password: string };

/**
 * Forgets everything of the session on this phone: the page's storage and, inside the app, all
 * the WebView keeps for it (auth.logout of the bridge: storage, cookies, cache).
 */
async function forget(options: { revoke: boolean }) {
  await endSession(options);
  const { localStorage, sessionStorage } = page();
  for (const storage of [localStorage, sessionStorage]) {
    if (!storage) continue;
    for (const key of Object.keys(storage)) {
      if (key.startsWith(SESSION_STORAGE_PREFIX)) storage.removeItem(key);
    }
  }
  if (insideApp()) await callNative("auth.logout").catch(() => {});
}

async function signOut(): Promise<void> {
  await forget({ revoke: true });
}

/**
 * The app's users (per project, apart from the console's accounts): sign-up, sign-in and the
 * session that every db.* call then carries. Needs the app key (`HYBRIDGE_APP_KEY`, or
 * `configure({ server, appKey })`). Failures are HybridgeErrors with the server's code and
 * message (VALIDATION, UNAUTHENTICATED, CONFLICT, FORBIDDEN, RATE_LIMITED…), NETWORK offline.
 */
export const auth = {
  /**
   * Creates an account with this e-mail and password (8 to 128 characters) and signs it in;
   * resolves to the new user. CONFLICT when the e-mail already has an account in this app.
   */
  async signUp(credentials: AuthCredentials): Promise<HybridgeUser> {
    const app = appSettings("signUp");
    const answer = await appRequest<SessionAnswer>(app, "POST", "sign-up", {
      email: credentials.email,
      password: credentials.password,
    });
    await startSession(app, answer);
    return answer.user;
  },

  /**
   * Signs in with an e-mail and password; resolves to the user. A wrong e-mail and a wrong
   * password are refused alike (UNAUTHENTICATED), a disabled account with FORBIDDEN.
   */
  async signIn(credentials: AuthCredentials): Promise<HybridgeUser> {
    const app = appSettings("signIn");
    const answer = await appRequest<SessionAnswer>(app, "POST", "sign-in", {
      email: credentials.email,
      password: credentials.password,
    });
    await startSession(app, answer);
    return answer.user;
  },

  /**
   * Signs the user out: the server revokes the session, and this phone forgets it, in the
   * page's storage and, inside the app, in the native shell's. Offline, it is forgotten here
   * all the same. Never fails.
   */
  signOut,

  /** auth.signOut, by another name. */
  logout: signOut,

  /** The signed-in user (`{ id, email, verified }`), or null; known at once, no request. */
  currentUser(): HybridgeUser | null {
    return currentSession()?.user ?? null;
  },

  /**
   * Calls `callback` with the user now (soon after, not during this call), then each time it
   * changes: sign-in, sign-out, account deletion, a session the server ended (its refresh
   * refused), a change of `verified`, and the same in another tab of the app. Returns the
   * function that stops it.
   */
  onChange(callback: (user: HybridgeUser | null) => void): () => void {
    let subscribed = true;
    const unsubscribe = onUserChange(callback);
    queueMicrotask(() => {
      if (subscribed) callback(auth.currentUser());
    });
    return () => {
      subscribed = false;
      unsubscribe();
    };
  },

  /**
   * Mails a link to choose a new password to this address, if it has an account in this app.
   * Resolves alike when it has none (no one learns who has an account).
   */
  async sendPasswordReset(email: string): Promise<void> {
    const app = appSettings("sendPasswordReset");
    await appRequest(app, "POST", "password-reset", { email });
  },

  /**
   * Deletes the signed-in user's account and their sessions, then signs out
   * here. Asks for the password again, as stores require: `deleteAccount({ password })`;
   * FORBIDDEN when it is wrong, UNAUTHENTICATED when no one is signed in.
   */
  async deleteAccount(confirmation: { password: string }): Promise<void> {
    const app = appSettings("deleteAccount");
    if (!sessionOf(app)) {
      throw new HybridgeError("UNAUTHENTICATED", SdkTexts.notSignedIn("deleteAccount"));
    }
    await send("DELETE", `${APP_USERS_PATH}/user`, { password: confirmation.password });
    await forget({ revoke: false });
  },
};
