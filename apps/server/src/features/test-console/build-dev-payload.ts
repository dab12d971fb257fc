import type { NavbarType } from "@hybridge/shared/common/enums";
import { isPrivateDevUrl } from "@hybridge/shared/dev-app/dev-url";
import { devLinkUrl } from "@hybridge/shared/dev-app/links";
import { DEV_PAYLOAD_VERSION } from "@hybridge/shared/test-console/defaults";
import type { DevLink, DevPayload } from "@hybridge/shared/test-console/schemas";

/** The stored configuration fields the dev app needs (a `test_configs` row, or its defaults). */
export type DevConfigSource = { navBarType: string; statusBar: string; network: string };

/**
 * THE dev-app payload: what the console's QR code encodes and what
 * `GET /api/v1/dev-config/{appKey}` answers. Both call this function, so scanning and fetching
 * always agree. A tester without a stored configuration gets testConfigDefaults (the caller's).
 */
export function buildDevPayload(options: {
  publicUrl: string;
  appKey: string;
  config: DevConfigSource;
}): DevPayload {
  const { config } = options;
  return {
    v: DEV_PAYLOAD_VERSION,
    server: options.publicUrl,
    appKey: options.appKey,
    config: {
      // The column's CHECK constraint allows only the shared NAVBAR_TYPES.
      navBarType: config.navBarType as NavbarType,
      localhostUrl: config.network,
      statusBar: config.statusBar,
    },
  };
}

/**
 * The console's QR code: THE https link of the dev app (`{PUBLIC_URL}/dev/{appKey}?url=…`, what
 * a phone's camera opens), the payload for the details, and whether the dev app will accept the
 * localhost URL (a public address is refused by the link's page and the dev app alike).
 */
export function buildDevLink(options: Parameters<typeof buildDevPayload>[0]): DevLink {
  const payload = buildDevPayload(options);
  const devUrl = payload.config.localhostUrl;
  return {
    payload,
    qrText: devUrl === "" ? null : devLinkUrl(options.publicUrl, options.appKey, devUrl),
    devUrlAccepted: isPrivateDevUrl(devUrl),
  };
}
