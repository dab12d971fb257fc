import { cp, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import { DevAppTexts } from "@hybridge/shared/dev-app/app-texts";
import { DEV_APP_PACKAGE } from "@hybridge/shared/dev-app/links";
import { isLightColor } from "./colors";
import { renderDevAppPages } from "./dev-app-pages";
import { AndroidBuildError } from "./errors";
import { escapeMarkup } from "./escape-markup";
import { assertKeyAlias, type UploadKeystore } from "./keystore";
import { loadSharp } from "./load-sharp";
import { type AndroidPermission, androidStringValue, SHELL_DIR } from "./shell";
import {
  type AndroidApk,
  buildShellApk,
  MAX_VERSION_CODE,
  type ShellBuildSettings,
} from "./shell-apk";

/** The dev app's package: the same on every server, so that a phone has one Hybridge Dev. */
export { DEV_APP_PACKAGE };

/** The dev app's sources: its manifest and network security config, its pages' static files. */
const DEV_APP_DIR = join(SHELL_DIR, "dev-app");
const DEV_APP_TEMPLATES_DIR = join(DEV_APP_DIR, "templates");
const DEV_APP_WWW_DIR = join(DEV_APP_DIR, "www");
/** Its launcher icon (shapes only: rendering it needs no font), not the built apps' default. */
const DEV_APP_ICON_PATH = join(DEV_APP_DIR, "icon.svg");

/** The dev app's colours: the brand green under a white status bar, as the console. */
const DEV_APP_THEME_COLOR = "#0E904D";
const DEV_APP_STATUS_BAR_COLOR = "#FFFFFF";

/** Everything a previewed app's page may ask for: the dev app previews any app. */
const DEV_APP_PERMISSIONS: readonly AndroidPermission[] = [
  "android.permission.INTERNET",
  "android.permission.CAMERA",
  "android.permission.RECORD_AUDIO",
  "android.permission.MODIFY_AUDIO_SETTINGS",
  "android.permission.ACCESS_FINE_LOCATION",
  "android.permission.ACCESS_COARSE_LOCATION",
];

export interface BuildDevAppApkOptions extends ShellBuildSettings {
  /** The server's public address (PUBLIC_URL): its host is the App Link's. */
  publicUrl: string;
  /** The dev app's key, which the server generates once and keeps. */
  keystore: UploadKeystore;
  versionCode: number;
  versionName: string;
}

/**
 * Builds Hybridge Dev: the same shell (the same classes.dex, where DevActivity extends
 * MainActivity) with the dev app's manifest — DevActivity as the launcher, the App Link of
 * {PUBLIC_URL}/dev/… and the hybridge-dev:// scheme, the network security config — around its own
 * small web bundle (the start screen and the unreachable page).
 */
export async function buildDevAppApk(options: BuildDevAppApkOptions): Promise<AndroidApk> {
  const { keystore, versionCode, versionName } = options;
  if (!Number.isInteger(versionCode) || versionCode < 1 || versionCode > MAX_VERSION_CODE) {
    throw new AndroidBuildError("BAD_INPUT", AndroidBuildTexts.invalidVersion(versionCode));
  }
  // Printable ASCII: the name goes into the manifest only, escaped, but is shown on the phone.
  if (!/^[\x20-\x7e]{1,100}$/.test(versionName) || versionName.trim() !== versionName) {
    throw new AndroidBuildError("BAD_INPUT", DevAppTexts.invalidVersionName);
  }
  assertKeyAlias(keystore.alias);
  const appLink = appLinkOf(options.publicUrl);

  return buildShellApk(options, {
    values: {
      packageName: DEV_APP_PACKAGE,
      versionCode: String(versionCode),
      versionName,
      appName: androidStringValue(DevAppTexts.appName),
      statusBarColor: DEV_APP_STATUS_BAR_COLOR,
      themeColor: DEV_APP_THEME_COLOR,
      lightStatusBar: isLightColor(DEV_APP_STATUS_BAR_COLOR) ? "true" : "false",
    },
    variant: {
      templatesDir: DEV_APP_TEMPLATES_DIR,
      values: {
        appLinkAutoVerify: appLink.autoVerify ? "true" : "false",
        appLinkData: appLink.data,
      },
    },
    permissionsOf: async () => [...DEV_APP_PERMISSIONS],
    launchIcon: await (await loadSharp())(DEV_APP_ICON_PATH).resize(512, 512).png().toBuffer(),
    keystore,
    bundleDir: async (dir) => {
      const www = join(dir, "dev-app-www");
      await mkdir(www);
      await cp(DEV_APP_WWW_DIR, www, { recursive: true });
      for (const [name, html] of Object.entries(renderDevAppPages())) {
        await writeFile(join(www, name), html);
      }
      return www;
    },
  });
}

/**
 * The App Link's <data> element for {PUBLIC_URL}/dev/…: its scheme, host, port and path (a port only
 * when the URL names one: a filter's port must then match the link's exactly). Android verifies
 * App Links over https only, so an http PUBLIC_URL (a server on the LAN) gets no autoVerify: the
 * /dev page then starts the app by an intent: link naming its package, which needs no
 * verification (decision 050).
 */
export function appLinkOf(publicUrl: string): { autoVerify: boolean; data: string } {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new AndroidBuildError("BAD_INPUT", DevAppTexts.invalidPublicUrl(publicUrl));
  }
  const isWeb = url.protocol === "https:" || url.protocol === "http:";
  if (!isWeb || url.username || url.password || url.search || url.hash) {
    throw new AndroidBuildError("BAD_INPUT", DevAppTexts.invalidPublicUrl(publicUrl));
  }
  const scheme = url.protocol.slice(0, -1);
  // An IPv6 literal's brackets are not part of the host Android compares.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const attributes = [
    `android:scheme="${escapeMarkup(scheme)}"`,
    `android:host="${escapeMarkup(host)}"`,
    ...(url.port ? [`android:port="${escapeMarkup(url.port)}"`] : []),
    // A server behind a path (https://example.com/hybridge) has its /dev pages under it.
    `android:pathPrefix="${escapeMarkup(`${url.pathname.replace(/\/+$/, "")}/dev/`)}"`,
  ];
  return { autoVerify: scheme === "https", data: `<data ${attributes.join(" ")} />` };
}
