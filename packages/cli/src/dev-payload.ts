import { networkInterfaces } from "node:os";
import { DEV_PAYLOAD_VERSION, TEST_CONFIG_DEFAULTS } from "@hybridge/shared/test-console/defaults";
import type { DevPayload } from "@hybridge/shared/test-console/schemas";

/**
 * This computer's address on the local network (the first IPv4 address that is not loopback),
 * which a phone on the same Wi-Fi can reach; null when there is none.
 */
export function lanAddress(
  interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces(),
): string | null {
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.family === "IPv4" && !entry.internal) return entry.address;
    }
  }
  return null;
}

/**
 * The dev app's payload, as the console's QR code on /test/{appKey} encodes it, pointing at this
 * dev server: the project's stored test settings when the Test Mode key (HYBRIDGE_DATABASE_KEY,
 * in .env.development) can read them (`GET /api/v1/dev-config/{appKey}`), the defaults
 * otherwise (with the reason in `warning`).
 */
export async function devPayload(options: {
  server: string;
  appKey: string;
  databaseKey: string | undefined;
  localhostUrl: string;
  fetch?: typeof fetch;
}): Promise<{ payload: DevPayload; warning: string | null }> {
  const defaults: DevPayload = {
    v: DEV_PAYLOAD_VERSION,
    server: options.server,
    appKey: options.appKey,
    config: {
      navBarType: TEST_CONFIG_DEFAULTS.navBarType,
      localhostUrl: options.localhostUrl,
      statusBar: TEST_CONFIG_DEFAULTS.statusBar,
    },
  };
  if (!options.databaseKey) {
    return {
      payload: defaults,
      warning:
        "HYBRIDGE_DATABASE_KEY (your project's Test Mode key) is empty in .env.development: the QR code uses the default test settings.",
    };
  }
  try {
    const response = await (options.fetch ?? fetch)(
      `${options.server}/api/v1/dev-config/${encodeURIComponent(options.appKey)}`,
      { headers: { authorization: `Bearer ${options.databaseKey}` } },
    );
    if (response.status === 401) {
      const answer = (await response.json().catch(() => null)) as { message?: string } | null;
      return {
        payload: defaults,
        warning: `The server refused HYBRIDGE_DATABASE_KEY for this app (${answer?.message ?? "a regenerated key?"}): the QR code uses the default test settings. Paste the current Test Mode key from the settings page into .env.development.`,
      };
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const stored = (await response.json()) as DevPayload;
    return {
      payload: { ...stored, config: { ...stored.config, localhostUrl: options.localhostUrl } },
      warning: null,
    };
  } catch (error) {
    return {
      payload: defaults,
      warning: `Could not read the test settings from ${options.server} (${(error as Error).message}): the QR code uses the defaults.`,
    };
  }
}
