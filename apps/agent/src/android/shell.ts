import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { escapeMarkup } from "./escape-markup";

/**
 * The native shell's sources (apps/agent/android-shell): smali for classes.dex, the manifest and
 * resource templates, the default icon. Found through the package, not this file's URL, so that
 * the path holds when the server bundles this code.
 */
export const SHELL_DIR = join(
  dirname(createRequire(import.meta.url).resolve("@hybridge/agent/package.json")),
  "android-shell",
);
export const SHELL_SMALI_DIR = join(SHELL_DIR, "smali");
const TEMPLATES_DIR = join(SHELL_DIR, "templates");
export const DEFAULT_ICON_PATH = join(SHELL_DIR, "default-icon.png");

/** The activity the manifest launches; the same class in every app. */
export const SHELL_ACTIVITY = "dev.hybridge.shell.MainActivity";

/** The per-build values of the templates: already in the form they take in the file. */
export interface ShellValues {
  packageName: string;
  versionCode: string;
  versionName: string;
  appName: string;
  statusBarColor: string;
  themeColor: string;
  lightStatusBar: "true" | "false";
  /**
   * The permissions the manifest declares (bundle-permissions.ts). Default: INTERNET only,
   * which every app has.
   */
  permissions?: readonly AndroidPermission[];
}

/** The manifest permissions a built app may declare: the web platform's needs, nothing else. */
export type AndroidPermission =
  | "android.permission.INTERNET"
  | "android.permission.CAMERA"
  | "android.permission.RECORD_AUDIO"
  | "android.permission.MODIFY_AUDIO_SETTINGS"
  | "android.permission.ACCESS_FINE_LOCATION"
  | "android.permission.ACCESS_COARSE_LOCATION";

/**
 * Hardware a permission would otherwise make required (Android reads CAMERA as "needs a camera"
 * and hides the app from phones without one): declared optional, as the page copes without.
 */
const OPTIONAL_FEATURES: Partial<Record<AndroidPermission, readonly string[]>> = {
  "android.permission.CAMERA": ["android.hardware.camera", "android.hardware.camera.autofocus"],
  "android.permission.RECORD_AUDIO": ["android.hardware.microphone"],
};

/**
 * Writes the manifest and the value resources of one build into `dir`: every template file,
 * with each `{{name}}` replaced by its XML-escaped value. User text goes into these files only,
 * never onto a command line or into the smali.
 */
export async function writeShellProject(dir: string, values: ShellValues): Promise<void> {
  for (const file of await listFiles(TEMPLATES_DIR)) {
    const template = await readFile(join(TEMPLATES_DIR, file), "utf8");
    const target = join(dir, file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, renderTemplate(template, values));
  }
}

/** The manifest's <uses-permission> and <uses-feature> lines, INTERNET first. */
export function usesPermissionsMarkup(permissions: readonly AndroidPermission[]): string {
  const all = [
    "android.permission.INTERNET",
    ...permissions.filter((p) => p !== "android.permission.INTERNET"),
  ];
  const unique = [...new Set(all)] as AndroidPermission[];
  const lines = unique.map(
    (name) => `    <uses-permission android:name="${escapeMarkup(name)}" />`,
  );
  for (const name of unique) {
    for (const feature of OPTIONAL_FEATURES[name] ?? []) {
      lines.push(
        `    <uses-feature android:name="${escapeMarkup(feature)}" android:required="false" />`,
      );
    }
  }
  return lines.join("\n");
}

/** A hash of the smali sources: the key under which an assembled classes.dex is reused. */
export async function hashShellSmali(): Promise<string> {
  const hash = createHash("sha256");
  for (const file of await listFiles(SHELL_SMALI_DIR)) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(SHELL_SMALI_DIR, file)));
  }
  return hash.digest("hex");
}

function renderTemplate(template: string, values: ShellValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    // Markup of our own making from a fixed list of names, not text: not escaped again.
    if (name === "usesPermissions") return usesPermissionsMarkup(values.permissions ?? []);
    if (name === "permissions" || !Object.hasOwn(values, name))
      throw new Error(`The shell template needs a value for ${name}`);
    return escapeMarkup(String(values[name as keyof ShellValues]));
  });
}

/**
 * A string resource's text as aapt reads it: in double quotes (so apostrophes, a leading @ or ?,
 * and runs of spaces stay as they are), with backslashes and double quotes escaped.
 */
export function androidStringValue(text: string): string {
  const escaped = text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
  return `"${escaped}"`;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}
