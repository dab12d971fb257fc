import { SdkTexts } from "@hybridge/shared/data/texts";
import { HybridgeError } from "./errors";

export type HybridgeConfig = {
  /** The Hybridge server, e.g. https://hybridge.example (no trailing slash needed). */
  server: string;
  /** The project's database key (hb_test_…), from its settings page. */
  key: string;
};

let current: Partial<HybridgeConfig> = {};

/** What Vite exposes: `HYBRIDGE_SERVER` and `HYBRIDGE_DATABASE_KEY` from the app's `.env`. */
function fromEnvironment(): Partial<HybridgeConfig> {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
  return { server: env.HYBRIDGE_SERVER, key: env.HYBRIDGE_DATABASE_KEY };
}

/** Sets the server and key by hand (tests, or an app without the scaffold's `.env`). */
export function configure(config: Partial<HybridgeConfig>) {
  current = { ...current, ...config };
}

export function settings(): HybridgeConfig {
  const env = fromEnvironment();
  const server = current.server ?? env.server;
  const key = current.key ?? env.key;
  if (!server || !key) {
    throw new HybridgeError("NOT_CONFIGURED", SdkTexts.notConfigured);
  }
  return { server: server.replace(/\/+$/, ""), key };
}
