import type { NavbarType } from "../common/enums";

/**
 * A tester's test configuration before any change: the project's own navigation bar and status
 * bar colour, and no localhost URL (the spec's #099e51 and invented 192.168.1.10 address went
 * into the QR code as if they were the project's and the tester's: issue 28). Until the tester
 * enters their dev server's address, the console shows no QR code.
 */
export const testConfigDefaults = (project: { navBarType: string; statusbar: string }) => ({
  navBarType: project.navBarType as NavbarType,
  statusBar: project.statusbar,
  network: "",
});

/** The version of the dev-app payload (the QR code and GET /api/v1/dev-config/{appKey}). */
export const DEV_PAYLOAD_VERSION = 1;

/** Longest localhost URL kept: a longer one would make the QR code too dense to scan. */
export const NETWORK_URL_MAX = 300;

/** `GET /api/v1/apps/{appKey}`: whether an app key exists (create-hybridge asks it). */
export const APPS_PATH = "/api/v1/apps";
