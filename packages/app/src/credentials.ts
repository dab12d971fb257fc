// Every credential the SDK sends, decided here and nowhere else: the Test Mode key, or the app
// key with the signed-in user's access token (refreshed before it expires, and once more when
// the server refuses it). db.ts's calls, its streams and query.ts (through db.ts) use this
// module; auth.ts starts and ends the sessions it renews.

import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { SdkTexts } from "@hybridge/shared/data/texts";
import { type Settings, settings } from "./config";
import { HybridgeError } from "./errors";
import { request } from "./http";
import {
  currentSession,
  onSessionChange,
  SESSION_KEY,
  type SessionAnswer,
  type StoredSession,
  saveSession,
  sessionOf,
  storedSession,
} from "./session";

/** The app users' routes (the server's APP_USERS_API_PATH, decision 043). */
export const APP_USERS_PATH = "/api/v1/auth";
/** The header that names the app: its public app key (the server's APP_KEY_HEADER). */
export const APP_KEY_HEADER = "x-hybridge-app";
/**
 * A stream's credentials are in its address (EventSource cannot set headers): `key` (Test
 * Mode), or `app` and, signed in, `token`.
 */
export const StreamParams = { key: "key", app: "app", token: "token" } as const;
/** An access token this close to its expiry is renewed before it is sent. */
export const RENEW_BEFORE_MS = 60_000;
/** How long auth.signOut waits for the server to revoke the session, offline. */
const SIGN_OUT_TIMEOUT_MS = 10_000;

type App = { server: string; appKey: string };
/** The Web Locks API (navigator.locks), as the SDK uses it. */
type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

/** What a call sends: its headers, or a stream's address parameters. */
export type Access = {
  server: string;
  headers: Record<string, string>;
  /** `key=…`, or `app=…` and `&token=…` when signed in: a stream's query string. */
  streamParams: string;
  /** The session whose access token is sent; null in Test Mode or signed out. */
  session: StoredSession | null;
};

function accessOf(config: Settings, session: StoredSession | null): Access {
  if (config.mode === "test") {
    return {
      server: config.server,
      headers: { authorization: `Bearer ${config.key}` },
      streamParams: `${StreamParams.key}=${encodeURIComponent(config.key)}`,
      session: null,
    };
  }
  const app = `${StreamParams.app}=${encodeURIComponent(config.appKey)}`;
  if (!session) {
    return {
      server: config.server,
      headers: { [APP_KEY_HEADER]: config.appKey },
      streamParams: app,
      session,
    };
  }
  return {
    server: config.server,
    headers: { [APP_KEY_HEADER]: config.appKey, authorization: `Bearer ${session.accessToken}` },
    streamParams: `${app}&${StreamParams.token}=${encodeURIComponent(session.accessToken)}`,
    session,
  };
}

const needsRenewal = (session: StoredSession) => session.expiresAt - Date.now() <= RENEW_BEFORE_MS;
const ended = () => new HybridgeError("UNAUTHENTICATED", AppUsersTexts.sessionEnded, 401);
/** The server refused the refresh token: the session is over, no retry mends it. */
const isRefusal = (error: unknown) =>
  error instanceof HybridgeError && (error.status === 401 || error.status === 403);

/** The credentials to send now, or null when the session's token must be renewed first. */
export function accessNow(): Access | null {
  const config = settings();
  if (config.mode === "test") return accessOf(config, null);
  const session = sessionOf(config);
  if (session && needsRenewal(session)) return null;
  return accessOf(config, session);
}

/** The credentials to send, the access token renewed first when it is about to expire. */
export async function access(): Promise<Access> {
  const ready = accessNow();
  if (ready) return ready;
  const config = settings();
  const session = config.mode === "app" ? sessionOf(config) : null;
  if (!session) return accessOf(config, null);
  try {
    return accessOf(config, await renew(session));
  } catch (error) {
    // Unreachable or busy: the token may still be good for a moment.
    if (!isRefusal(error) && session.expiresAt > Date.now()) return accessOf(config, session);
    throw error;
  }
}

/** The renewal under way: concurrent calls share it (a refresh token is good for one use). */
let renewing: Promise<StoredSession> | null = null;

/**
 * A session newer than `stale` (whose access token expires, or was refused): the one another
 * call or tab renewed meanwhile, or a new pair for its refresh token. A refused refresh forgets
 * the session (auth.onChange tells null) and throws.
 */
export function renew(stale: StoredSession): Promise<StoredSession> {
  if (renewing) return renewing;
  const now = sessionOf(stale);
  if (!now) return Promise.reject(ended());
  if (now.accessToken !== stale.accessToken && !needsRenewal(now)) return Promise.resolve(now);
  const exchange = () => refresh(now);
  // Tabs of one app share the stored session: one renews at a time, the next finds it renewed.
  const locks = (globalThis as { navigator?: { locks?: Locks | null } }).navigator?.locks;
  const renewal = (locks ? locks.request(`${SESSION_KEY}.renewal`, exchange) : exchange()).finally(
    () => {
      renewing = null;
    },
  );
  renewing = renewal;
  return renewal;
}

async function refresh(session: StoredSession): Promise<StoredSession> {
  const latest = sessionOf(session);
  if (!latest) throw ended();
  if (latest.refreshToken !== session.refreshToken) return latest;
  /** Whether the stored session is still the one refreshed (no sign-out or sign-in meanwhile). */
  const unchanged = () => sessionOf(session)?.refreshToken === session.refreshToken;
  let answer: SessionAnswer;
  try {
    answer = await request<SessionAnswer>(session.server, "POST", `${APP_USERS_PATH}/refresh`, {
      headers: { [APP_KEY_HEADER]: session.appKey },
      body: { refreshToken: session.refreshToken },
    });
  } catch (error) {
    if (isRefusal(error) && unchanged()) saveSession(null);
    throw error;
  }
  if (!unchanged()) {
    const now = sessionOf(session);
    if (!now) throw ended();
    return now;
  }
  const renewed = toStored(session, answer);
  saveSession(renewed);
  return renewed;
}

/** A session as sign-in, sign-up or refresh answer it, kept with its app and expiry. */
function toStored(app: App, answer: SessionAnswer): StoredSession {
  return {
    server: app.server,
    appKey: app.appKey,
    user: { id: answer.user.id, email: answer.user.email, verified: answer.user.verified },
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    expiresAt: Date.now() + answer.expiresIn * 1000,
  };
}

/**
 * A call with the credentials of the moment. When the server refuses the user's access token
 * (401: expired, or signed by a key rotated since), the session is renewed once and the call
 * sent again once.
 */
export async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const first = accessNow() ?? (await access());
  try {
    return await request<T>(first.server, method, path, { headers: first.headers, body });
  } catch (error) {
    if (!(error instanceof HybridgeError) || error.status !== 401 || !first.session) throw error;
    const renewed = await renew(first.session);
    const again = accessOf({ mode: "app", ...renewed }, renewed);
    return request<T>(again.server, method, path, { headers: again.headers, body });
  }
}

/**
 * Calls `listener` when the credentials of the moment change (sign-in, sign-out, a renewed
 * token, here or in another tab; `userChanged` unless only the token was renewed), and renews
 * the access token shortly before it expires, so that what follows the data (db.watch) can
 * reopen with the new ones. Returns the unsubscribe.
 */
export function followAccess(listener: (change: { userChanged: boolean }) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = currentSession();
  const schedule = () => {
    clearTimeout(timer);
    if (!last) return;
    timer = setTimeout(
      () => {
        // A refusal forgets the session, which calls the listener; anything else waits for
        // the next call or a reopened stream.
        access().catch(() => {});
      },
      Math.max(0, last.expiresAt - RENEW_BEFORE_MS - Date.now()),
    );
  };
  const unsubscribe = onSessionChange(() => {
    const now = currentSession();
    if (now?.accessToken === last?.accessToken) return;
    const userChanged = now?.user.id !== last?.user.id;
    last = now;
    schedule();
    listener({ userChanged });
  });
  schedule();
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

/** The app's server and key, for auth.* (which has no Test Mode). */
export function appSettings(fn: string): App {
  const config = settings();
  if (config.mode !== "app") {
    throw new HybridgeError("NOT_CONFIGURED", SdkTexts.appKeyRequired(fn));
  }
  return config;
}

/** One of the app users' routes, named by the app key (no user token). */
export function appRequest<T>(app: App, method: string, route: string, body?: unknown) {
  return request<T>(app.server, method, `${APP_USERS_PATH}/${route}`, {
    headers: { [APP_KEY_HEADER]: app.appKey },
    body,
  });
}

/** Keeps the session sign-up or sign-in answered: the app's user from now on. */
export async function startSession(app: App, answer: SessionAnswer) {
  // A renewal of the previous session may end after this one starts: it must not replace it.
  await renewing?.catch(() => {});
  saveSession(toStored(app, answer));
}

/**
 * Forgets the session here and asks the server to revoke its refresh token; offline, it is
 * forgotten here all the same (the server's access token ends within 15 minutes).
 */
export async function endSession(options: { revoke: boolean }): Promise<void> {
  // Revoke the newest refresh token, not the one a renewal under way is exchanging.
  await renewing?.catch(() => {});
  const session = storedSession();
  saveSession(null);
  if (!session || !options.revoke) return;
  try {
    await request(session.server, "POST", `${APP_USERS_PATH}/sign-out`, {
      headers: { [APP_KEY_HEADER]: session.appKey },
      body: { refreshToken: session.refreshToken },
      signal: AbortSignal.timeout?.(SIGN_OUT_TIMEOUT_MS),
    });
  } catch {
    // Offline or refused: nothing more to end here.
  }
}
