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
 *
 * A variant of the shell (the dev app) adds its own template folder: its files are added, and
 * replace the shell's of the same name (its manifest), so that the theme and the other resources
 * stay the shell's own; its templates may use its own values too. `{{{name}}}` inserts a
 * variant's value as it is: markup our code built from escaped parts, never user text.
 */
export async function writeShellProject(
  dir: string,
  values: ShellValues,
  variant?: ShellVariant,
): Promise<void> {
  const files = new Map<string, string>();
  for (const templates of [TEMPLATES_DIR, ...(variant ? [variant.templatesDir] : [])]) {
    for (const file of await listFiles(templates)) files.set(file, join(templates, file));
  }
  for (const [file, source] of files) {
    const template = await readFile(source, "utf8");
    const target = join(dir, file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, renderTemplate(template, values, variant?.values ?? {}));
  }
}

/** Another app made of the shell (the dev app): its templates and the values they need. */
export interface ShellVariant {
  templatesDir: string;
  values: Readonly<Record<string, string>>;
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

/**
 * A built app's res/xml/network_security_config.xml (decision 058): cleartext forbidden, and in a
 * development build (an http:// PUBLIC_URL) permitted to that server's host only — a name or an
 * IP literal (IPv6 without its brackets), without its subdomains. The port cannot be said here:
 * ShellWebViewClient lets the page reach that server's host and port only.
 */
export function networkSecurityConfigXml(cleartextHost: string | null): string {
  const domain =
    cleartextHost === null
      ? ""
      : `    <domain-config cleartextTrafficPermitted="true">
        <domain includeSubdomains="false">${escapeMarkup(cleartextHost)}</domain>
    </domain-config>
`;
  return `<?xml version="1.0" encoding="utf-8"?>
<network-security-config>
    <base-config cleartextTrafficPermitted="false" />
${domain}</network-security-config>
`;
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

function renderTemplate(
  template: string,
  values: ShellValues,
  variantValues: Readonly<Record<string, string>>,
): string {
  return template.replace(/\{\{(\{?)(\w+)\}?\}\}/g, (_, raw: string, name: string) => {
    // Markup of our own making from a fixed list of names, not text: not escaped again.
    if (name === "usesPermissions") return usesPermissionsMarkup(values.permissions ?? []);
    if (!raw && name !== "permissions" && Object.hasOwn(values, name)) {
      return escapeMarkup(String(values[name as keyof ShellValues]));
    }
    const value = variantValues[name];
    if (!Object.hasOwn(variantValues, name) || value === undefined)
      throw new Error(`The shell template needs a value for ${name}`);
    return raw ? value : escapeMarkup(value);
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
