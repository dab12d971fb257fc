import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

/** The Debian packages' places (android-framework-res, smali): see issue 13's build steps. */
export const FRAMEWORK_RES = "/usr/share/android-framework-res/framework-res.apk";
export const SMALI_JAR = "/usr/share/java/smali.jar";

const PROGRAMS = ["aapt", "zipalign", "apksigner", "keytool"] as const;

export type AndroidToolchain = {
  /** Every tool an Android build needs is here. */
  complete: boolean;
  /** What is not: program names, or the file's path. */
  missing: string[];
};

function isFile(file: string, mode: number): boolean {
  try {
    accessSync(file, mode);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(program: string, searchPath: readonly string[]): boolean {
  return searchPath.some((dir) => isFile(path.join(dir, program), constants.X_OK));
}

const found = new Map<string, AndroidToolchain>();

/**
 * Whether this machine can build Android apps: aapt, zipalign, apksigner, keytool and smali
 * (its own program, or java with smali's jar) on `searchPath`, and the framework resources.
 * Looked up once per search path (a few stat calls), then remembered: readiness asks often.
 */
export function findAndroidToolchain(options: {
  searchPath: readonly string[];
  frameworkRes?: string;
  smaliJar?: string;
}): AndroidToolchain {
  const { searchPath, frameworkRes = FRAMEWORK_RES, smaliJar = SMALI_JAR } = options;
  const key = JSON.stringify([searchPath, frameworkRes, smaliJar]);
  let toolchain = found.get(key);
  if (!toolchain) {
    const missing: string[] = PROGRAMS.filter((program) => !onPath(program, searchPath));
    const smali =
      onPath("smali", searchPath) ||
      (onPath("java", searchPath) && isFile(smaliJar, constants.R_OK));
    if (!smali) missing.push("smali");
    if (!isFile(frameworkRes, constants.R_OK)) missing.push(frameworkRes);
    toolchain = { complete: missing.length === 0, missing };
    found.set(key, toolchain);
  }
  return toolchain;
}
