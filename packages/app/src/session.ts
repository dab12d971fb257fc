// The signed-in app user's session (decision 043): kept in the page's localStorage in a browser
// or WebView (it survives a restart of the app, and other tabs see it), in memory elsewhere
// (Node, tests). Only credentials.ts and auth.ts read or write it.

import { settings } from "./config";

/** An app user: who signed in to this app with auth.signUp or auth.signIn. */
export type HybridgeUser = {
  id: string;
  email: string;
  /** Whether the user confirmed their e-mail address (when the project asks for it). */
  verified: boolean;
};

/** What sign-up, sign-in and refresh answer (the server's AppUserSessionSchema). */
export type SessionAnswer = {
  user: HybridgeUser;
  accessToken: string;
  refreshToken: string;
  /** The access token's lifetime, in seconds. */
  expiresIn: number;
};

/** A session as kept: for which server and app, and when its access token expires (ms). */
export type StoredSession = {
  server: string;
  appKey: string;
  user: HybridgeUser;
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
};

/** Where the app's session is kept in the page's storage: every key under this prefix. */
export const SESSION_STORAGE_PREFIX = "hybridge.";
/** The key of the session in the page's storage. */
export const SESSION_KEY = `${SESSION_STORAGE_PREFIX}session`;

/** The part of the Web Storage API the SDK uses (localStorage, sessionStorage). */
export type PageStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};
/** What a page has that Node has not (typed here: the SDK also runs in Node). */
export const page = () =>
  globalThis as {
    localStorage?: PageStorage;
    sessionStorage?: PageStorage;
    addEventListener?: (type: "storage", listener: (event: { key: string | null }) => void) => void;
  };

/** The session when the runtime has no localStorage (Node, tests). */
let memory: string | null = null;

/** The page's localStorage, if the runtime has one it may use. */
function pageStorage(): PageStorage | undefined {
  try {
    return page().localStorage ?? undefined;
  } catch {
    // A sandboxed page may throw on access: memory then.
    return undefined;
  }
}

function readRaw(): string | null {
  const storage = pageStorage();
  if (!storage) return memory;
  try {
    return storage.getItem(SESSION_KEY);
  } catch {
    return memory;
  }
}

function writeRaw(value: string | null) {
  const storage = pageStorage();
  memory = value;
  if (!storage) return;
  try {
    if (value === null) storage.removeItem(SESSION_KEY);
    else storage.setItem(SESSION_KEY, value);
  } catch {
    // Full or refused storage: the session lives in memory for this page.
  }
}

const isUser = (value: unknown): value is HybridgeUser => {
  const user = value as HybridgeUser | null;
  return (
    typeof user?.id === "string" &&
    typeof user.email === "string" &&
    typeof user.verified === "boolean"
  );
};

/** The session stored, whatever app it belongs to; null when none (or unreadable). */
export function storedSession(): StoredSession | null {
  const raw = readRaw();
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as StoredSession;
    const valid =
      typeof session?.server === "string" &&
      typeof session.appKey === "string" &&
      isUser(session.user) &&
      typeof session.accessToken === "string" &&
      typeof session.refreshToken === "string" &&
      typeof session.expiresAt === "number";
    return valid ? session : null;
  } catch {
    return null;
  }
}

/** The stored session of this server's app, or null (another app's is not ours to use). */
export function sessionOf(app: { server: string; appKey: string }): StoredSession | null {
  const session = storedSession();
  return session && session.server === app.server && session.appKey === app.appKey ? session : null;
}

/** The session of the configured app (app mode), or null: signed out, or no app key set. */
export function currentSession(): StoredSession | null {
  try {
    const config = settings();
    return config.mode === "app" ? sessionOf(config) : null;
  } catch {
    return null;
  }
}

type UserListener = (user: HybridgeUser | null) => void;
const userListeners = new Set<UserListener>();
const sessionListeners = new Set<() => void>();
/** The user this page last told its listeners of (as JSON), to tell only changes. */
let known: string | undefined;
const knownNow = () => JSON.stringify(currentSession()?.user ?? null);

function tell() {
  const user = currentSession()?.user ?? null;
  const now = JSON.stringify(user);
  for (const listener of sessionListeners) listener();
  if (now === known) return;
  known = now;
  for (const listener of userListeners) {
    try {
      listener(user);
    } catch (error) {
      console.error(error);
    }
  }
}

let watchingOtherTabs = false;
/** Another tab of the app signed in or out, or refreshed: this one follows. */
function watchOtherTabs() {
  if (watchingOtherTabs) return;
  const target = page();
  if (typeof target.addEventListener !== "function") return;
  watchingOtherTabs = true;
  target.addEventListener("storage", (event) => {
    if (event.key === SESSION_KEY || event.key === null) tell();
  });
}

/** Keeps `session` (null: forgets it) and tells the listeners what changed. */
export function saveSession(session: StoredSession | null) {
  known ??= knownNow();
  writeRaw(session === null ? null : JSON.stringify(session));
  tell();
}

/** Calls `listener` with the user whenever the signed-in user changes; returns the unsubscribe. */
export function onUserChange(listener: UserListener): () => void {
  known ??= knownNow();
  watchOtherTabs();
  userListeners.add(listener);
  return () => userListeners.delete(listener);
}

/** Calls `listener` whenever the session changes (its tokens included); returns the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  known ??= knownNow();
  watchOtherTabs();
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}
