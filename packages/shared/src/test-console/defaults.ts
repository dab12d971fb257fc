import type { NavbarType } from "../common/enums";

/**
 * A tester's test configuration before any change (spec section 3): status bar #099e51 and a
 * hardcoded local network address, the kind of address a dev server has on a home Wi-Fi.
 */
export const TEST_CONFIG_DEFAULTS = {
  navBarType: "footer" satisfies NavbarType,
  statusBar: "#099e51",
  network: "http://192.168.1.10:3000",
} as const;

/** The version of the dev-app payload (the QR code and GET /api/v1/dev-config/{appKey}). */
export const DEV_PAYLOAD_VERSION = 1;

/** Longest localhost URL kept: a longer one would make the QR code too dense to scan. */
export const NETWORK_URL_MAX = 300;

/** `GET /api/v1/apps/{appKey}`: whether an app key exists (create-hybridge asks it). */
export const APPS_PATH = "/api/v1/apps";
