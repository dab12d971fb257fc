import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";

/**
 * Bumped when what the server asks of buildDevAppApk changes in a way the shell's sources do not
 * show (a new option, say): every server then builds the dev app again.
 */
export const DEV_APP_RELEASE = "1";

/** The shell's sources (smali, templates, the dev app's pages): @hybridge/agent's android-shell. */
const SHELL_DIR = join(
  dirname(createRequire(import.meta.url).resolve("@hybridge/agent/package.json")),
  "android-shell",
);

let shellHash: Promise<string> | undefined;

/** A hash of every file of the shell's sources, computed once per process. */
export function hashShellSources(): Promise<string> {
  shellHash ??= (async () => {
    const hash = createHash("sha256");
    const entries = await readdir(SHELL_DIR, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(SHELL_DIR, join(entry.parentPath, entry.name)))
      .sort();
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(await readFile(join(SHELL_DIR, file)));
    }
    return hash.digest("hex");
  })();
  return shellHash;
}

/**
 * What a dev-app APK is made of: the release above, PUBLIC_URL (its host and path are the App
 * Link's) and the shell's sources. A server whose key has no ready build builds one.
 */
export async function devAppBuildKey(publicUrl: string): Promise<string> {
  const shell = await hashShellSources();
  return createHash("sha256").update(`${DEV_APP_RELEASE}\0${publicUrl}\0${shell}`).digest("hex");
}

/**
 * A versionCode that grows with time (minutes since 2020): an APK built later installs over an
 * earlier one, whichever server instance built them.
 */
export function devAppVersionCode(now: Date = new Date()): number {
  return Math.max(1, Math.floor((now.getTime() - Date.UTC(2020, 0, 1)) / 60_000));
}
