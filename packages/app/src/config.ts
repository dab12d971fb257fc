import { SdkTexts } from "@hybridge/shared/data/texts";
import { HybridgeError } from "./errors";

export type HybridgeConfig = {
  /** The Hybridge server, e.g. https://hybridge.example (no trailing slash needed). */
  server: string;
  /**
   * The app's public app key (its app code, on the project's page): what a live app sends. Its
   * users sign in with auth.*, every db.* call carries the signed-in user's token, and the
   * project's rules decide what each caller reaches. Wins over `key` when both are set: the app
   * behaves as it will live.
   */
  appKey?: string;
  /**
   * The project's Test Mode database key (hb_test_…), from its settings page: a development
   * credential that bypasses the rules. Used only when no `appKey` is set.
   */
  key?: string;
};

/** The credential calls are made with: the app key (app mode), or the Test Mode key. */
export type Settings = { server: string } & (
  | { mode: "app"; appKey: string }
  | { mode: "test"; key: string }
);

let current: Partial<HybridgeConfig> = {};

/**
 * What Vite exposes from the app's `.env`: `HYBRIDGE_SERVER`, `HYBRIDGE_APP_KEY` and
 * `HYBRIDGE_DATABASE_KEY`.
 */
function fromEnvironment(): Partial<HybridgeConfig> {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
  return {
    server: env.HYBRIDGE_SERVER,
    appKey: env.HYBRIDGE_APP_KEY,
    key: env.HYBRIDGE_DATABASE_KEY,
  };
}

/**
 * Sets the server and keys by hand (tests, or an app without the scaffold's `.env`); a value
 * left out keeps what was set before, `undefined` falls back to `.env`'s.
 */
export function configure(config: Partial<HybridgeConfig>) {
  current = { ...current, ...config };
}

export function settings(): Settings {
  const env = fromEnvironment();
  const server = (current.server ?? env.server)?.replace(/\/+$/, "");
  const appKey = current.appKey ?? env.appKey;
  const key = current.key ?? env.key;
  if (server && appKey) return { server, mode: "app", appKey };
  if (server && key) return { server, mode: "test", key };
  throw new HybridgeError("NOT_CONFIGURED", SdkTexts.notConfigured);
}
