import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import { isDevelopmentServer } from "@hybridge/shared/builds/phone-address";
import { bundlePermissions } from "./bundle-permissions";
import { isLightColor, toRrggbb } from "./colors";
import { AndroidBuildError } from "./errors";
import { assertKeyAlias, type UploadKeystore } from "./keystore";
import { packageIdFromAppCode } from "./package-id";
import { androidStringValue, networkSecurityConfigXml } from "./shell";
import {
  type AndroidApk,
  buildShellApk,
  MAX_VERSION_CODE,
  SHELL_RUNTIME_VERSION,
  type ShellBuildSettings,
} from "./shell-apk";
import { renderStarterPage } from "./starter-page";

/** The project values an APK carries. */
export interface AndroidApp {
  /** The project's app code: the package id derives from it. */
  appCode: string;
  /** The launcher label. */
  name: string;
  /** The build's version: versionCode, and versionName as text. */
  version: number;
  /** #RGB or #RRGGBB */
  statusBarColor: string;
  /** #RGB or #RRGGBB */
  themeColor: string;
  /** The project's 512×512 PNG or JPEG launch icon; null for the default icon. */
  launchIcon: Buffer | null;
}

export interface BuildAndroidApkOptions extends ShellBuildSettings {
  app: AndroidApp;
  /** The web bundle's folder, index.html at its top; null builds the starter page instead. */
  bundleDir: string | null;
  /** The project's upload key (createUploadKeystore), the same for every build of the project. */
  keystore: UploadKeystore;
  /**
   * Where the app asks for over-the-air updates (assets/hybridge.json, issue 27); the runtime
   * version is this shell's. Left out: the APK carries no hybridge.json.
   */
  updates?: AndroidUpdates;
}

/** The server's side of assets/hybridge.json. */
export interface AndroidUpdates {
  /** The server's PUBLIC_URL. */
  server: string;
  channel: string;
  /** The project's update key (base64 X.509 SubjectPublicKeyInfo, EC P-256), or null. */
  publicKey: string | null;
}

export type { AndroidApk };

/**
 * Builds a signed APK of the native shell around a web bundle (or the starter page), in a
 * fresh folder that is removed afterwards. Every tool runs as a child process with a time
 * limit; a failure rejects with an AndroidBuildError whose message is the failure reason.
 */
export async function buildAndroidApk(options: BuildAndroidApkOptions): Promise<AndroidApk> {
  const { app, keystore } = options;
  const onLog = options.onLog ?? (() => {});
  if (!Number.isInteger(app.version) || app.version < 1 || app.version > MAX_VERSION_CODE) {
    throw new AndroidBuildError("BAD_INPUT", AndroidBuildTexts.invalidVersion(app.version));
  }
  const statusBarColor = toRrggbb(AndroidBuildTexts.statusBarColour, app.statusBarColor);
  const themeColor = toRrggbb(AndroidBuildTexts.themeColour, app.themeColor);
  assertKeyAlias(keystore.alias);
  const packageName = packageIdFromAppCode(app.appCode);
  const versionName = String(app.version);
  // An http:// PUBLIC_URL makes a development build (decision 058).
  const developmentHost =
    options.updates && isDevelopmentServer(options.updates.server)
      ? cleartextHostOf(options.updates.server)
      : null;

  return buildShellApk(options, {
    values: {
      packageName,
      versionCode: String(app.version),
      versionName,
      appName: androidStringValue(app.name),
      statusBarColor,
      themeColor,
      lightStatusBar: isLightColor(statusBarColor) ? "true" : "false",
    },
    // The camera, microphone and location only when the bundle's code uses them.
    permissionsOf: async (bundle) => {
      const permissions = await bundlePermissions(bundle);
      onLog(AndroidBuildTexts.logPermissions(permissions));
      return permissions;
    },
    launchIcon: app.launchIcon,
    keystore,
    networkSecurityConfig: networkSecurityConfigXml(developmentHost),
    ...(options.updates
      ? {
          hybridgeJson: {
            v: 1 as const,
            server: options.updates.server,
            appKey: app.appCode,
            channel: options.updates.channel,
            runtimeVersion: SHELL_RUNTIME_VERSION,
            updatePublicKey: options.updates.publicKey,
            development: developmentHost !== null,
          },
        }
      : {}),
    bundleDir: async (dir) => {
      if (options.bundleDir !== null) return options.bundleDir;
      onLog(AndroidBuildTexts.logNoBundle);
      const starter = join(dir, "starter");
      await mkdir(starter);
      const page = renderStarterPage({ name: app.name, themeColor, statusBarColor });
      await writeFile(join(starter, "index.html"), page);
      return starter;
    },
  });
}

/** The host a development build may reach over cleartext: PUBLIC_URL's, IPv6 without brackets. */
function cleartextHostOf(server: string): string | null {
  try {
    return new URL(server).hostname.replace(/^\[(.*)\]$/, "$1") || null;
  } catch {
    return null;
  }
}
