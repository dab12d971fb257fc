import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { delimiter, isAbsolute, join } from "node:path";
import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import { AndroidBuildError } from "./errors";

/** The commands an Android build runs (java runs smali, apksigner and keytool). */
export const ANDROID_TOOLS = ["aapt", "zipalign", "apksigner", "smali", "keytool", "java"] as const;
export type AndroidTool = (typeof ANDROID_TOOLS)[number];

/** Where Debian's android-framework-res puts the Android 10 (API 29) resources aapt links against. */
export const DEBIAN_FRAMEWORK_RES = "/usr/share/android-framework-res/framework-res.apk";

export interface AndroidToolchain {
  /** Absolute path of each tool found on the search path, null when it is not there. */
  tools: Record<AndroidTool, string | null>;
  frameworkRes: string | null;
  /** What is missing, by the names a failure reason shows; empty when a build can run. */
  missing: string[];
  /** The PATH the tools run with (the wrappers find java through it). */
  searchPath: string;
}

export interface CompleteAndroidToolchain extends AndroidToolchain {
  tools: Record<AndroidTool, string>;
  frameworkRes: string;
}

export interface DetectAndroidToolchainOptions {
  /** Folders to look in, separated like PATH. Default: this process's PATH. */
  searchPath?: string;
  frameworkRes?: string;
}

const detected = new Map<string, Promise<AndroidToolchain>>();

/**
 * Which of the Android tools this machine has. Looked up once per search path: installing the
 * tools while the process runs needs a restart to be seen.
 */
export function detectAndroidToolchain(
  options: DetectAndroidToolchainOptions = {},
): Promise<AndroidToolchain> {
  const searchPath = options.searchPath ?? process.env.PATH ?? "";
  const frameworkRes = options.frameworkRes ?? DEBIAN_FRAMEWORK_RES;
  const key = `${searchPath}\0${frameworkRes}`;
  let toolchain = detected.get(key);
  if (!toolchain) {
    toolchain = lookUp(searchPath, frameworkRes);
    detected.set(key, toolchain);
  }
  return toolchain;
}

/** The toolchain, or the failure reason that names what is missing. */
export function requireCompleteToolchain(toolchain: AndroidToolchain): CompleteAndroidToolchain {
  if (toolchain.missing.length > 0) {
    throw new AndroidBuildError(
      "TOOLCHAIN_MISSING",
      AndroidBuildTexts.toolchainMissing(toolchain.missing),
    );
  }
  return toolchain as CompleteAndroidToolchain;
}

async function lookUp(searchPath: string, frameworkRes: string): Promise<AndroidToolchain> {
  const folders = searchPath.split(delimiter).filter((folder) => isAbsolute(folder));
  const found = await Promise.all(ANDROID_TOOLS.map((tool) => findExecutable(tool, folders)));
  const tools = Object.fromEntries(
    ANDROID_TOOLS.map((tool, i) => [tool, found[i] ?? null]),
  ) as Record<AndroidTool, string | null>;
  const hasFrameworkRes = await isAccessibleFile(frameworkRes, constants.R_OK);
  const missing: string[] = ANDROID_TOOLS.filter((tool) => tools[tool] === null);
  if (!hasFrameworkRes) missing.push("framework-res.apk");
  return { tools, frameworkRes: hasFrameworkRes ? frameworkRes : null, missing, searchPath };
}

async function findExecutable(name: string, folders: string[]): Promise<string | null> {
  for (const folder of folders) {
    const candidate = join(folder, name);
    if (await isAccessibleFile(candidate, constants.X_OK)) return candidate;
  }
  return null;
}

async function isAccessibleFile(path: string, mode: number): Promise<boolean> {
  try {
    await access(path, mode);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
