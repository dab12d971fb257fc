import { paths } from "../common/paths";
import { normaliseDevUrl } from "./dev-url";

/** The dev app's Android package (its App Link and `intent:` links name it). */
export const DEV_APP_PACKAGE = "dev.hybridge.devapp";
/** The dev app's custom scheme, for phones where the App Link is not verified. */
export const DEV_APP_SCHEME = "hybridge-dev";

/** `GET /api/v1/dev-link/{appKey}?url=`: what the dev app reads for a link (public). */
export const DEV_LINK_API_PATH = "/api/v1/dev-link";
/** `GET /api/dev-app`: whether this server has the dev app to download, and its version. */
export const DEV_APP_STATUS_PATH = "/api/dev-app";
/** The dev app's APK, at an address that never changes. */
export const DEV_APP_DOWNLOAD_PATH = "/downloads/hybridge-dev.apk";
/** Digital Asset Links: the App Link of /dev/… is verified against it. */
export const ASSET_LINKS_PATH = "/.well-known/assetlinks.json";
/** The /dev page's query parameter that asks it to offer the install (the intent's fallback). */
export const INSTALL_PARAM = "install";

/** The dev link's query parameter naming an update to preview (issue 27, decision 057). */
export const UPDATE_PARAM = "update";

/**
 * What a dev link opens: a dev server's address (the test console, `hybridge dev`), or one of
 * the app's over-the-air updates to preview (the console's Updates section).
 */
export type DevLinkTarget = string | { update: string };

/** The /dev page's path for an app key (paths.dev). */
export const devPagePath = paths.dev;

/**
 * The link's query: `url={dev server}` — normalised when it is one the dev app accepts, kept as
 * given otherwise (the page then says why it is refused) — or `update={update id}`.
 */
export function devLinkQuery(target: DevLinkTarget): string {
  if (typeof target !== "string") {
    return `${UPDATE_PARAM}=${encodeURIComponent(target.update.trim().toLowerCase())}`;
  }
  const url = normaliseDevUrl(target) ?? target.trim();
  return `url=${encodeURIComponent(url)}`;
}

/**
 * THE link every phone QR code encodes: `{PUBLIC_URL}/dev/{appKey}?url={dev server}`, or
 * `{PUBLIC_URL}/dev/{appKey}?update={update id}` for an update's preview. A phone's camera opens
 * it; the dev app's App Link catches it, else the page starts the app.
 */
export function devLinkUrl(publicUrl: string, appKey: string, target: DevLinkTarget): string {
  return `${stripSlash(publicUrl)}${devPagePath(appKey)}?${devLinkQuery(target)}`;
}

/** The custom-scheme link (the fallback when the App Link is not verified on the phone). */
export function devAppSchemeUrl(publicUrl: string, appKey: string, target: DevLinkTarget): string {
  const query = [
    `server=${encodeURIComponent(stripSlash(publicUrl))}`,
    `app=${encodeURIComponent(appKey)}`,
    devLinkQuery(target),
  ].join("&");
  return `${DEV_APP_SCHEME}://open?${query}`;
}

/**
 * The `intent:` link the /dev page opens on Android: Chrome starts the dev app with the same
 * https link (package set, so no chooser and no loop back to the browser), or goes to
 * `fallbackUrl` when the app is not installed.
 */
export function devAppIntentUrl(options: {
  publicUrl: string;
  appKey: string;
  target: DevLinkTarget;
  fallbackUrl: string;
}): string {
  const { publicUrl, appKey, target, fallbackUrl } = options;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(publicUrl);
  const scheme = (match?.[1] ?? "https").toLowerCase();
  const authority = match?.[2] ?? "";
  const path = `${authority}${devPagePath(appKey)}?${devLinkQuery(target)}`;
  return [
    `intent://${path}#Intent`,
    `scheme=${scheme}`,
    `package=${DEV_APP_PACKAGE}`,
    `S.browser_fallback_url=${encodeURIComponent(fallbackUrl)}`,
    "end",
  ].join(";");
}

const stripSlash = (url: string) => url.replace(/\/+$/, "");
