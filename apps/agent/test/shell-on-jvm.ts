import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { referenceTool, zipEntries } from "./reference-tools";

const SOURCES = join(import.meta.dirname, "android-on-jvm");

/** What the shell's WebViewClient answered for one request (body in base64) or link. */
export type ShellAnswer =
  | { url: string; staysInWebView: boolean }
  | { url: string; intercepted: false }
  | {
      url: string;
      intercepted: true;
      status: number;
      mimeType: string | null;
      encoding: string | null;
      body: string | null;
    };

export interface ShellRun {
  /** What MainActivity.onCreate did: the URL it loaded, the WebView's settings afterwards. */
  activity: { loadedUrl: string; settings: Record<string, boolean> };
  answers: ShellAnswer[];
}

/**
 * Runs the shell's own bytecode — the APK's classes.dex, translated by enjarify — on the JDK
 * over the APK's assets (android-on-jvm/README.md): MainActivity.onCreate, then its
 * WebViewClient's shouldInterceptRequest for each request, `main URL` being a page's navigation
 * and `sub URL` anything else, or its shouldOverrideUrlLoading for `link URL`.
 */
export async function runShellOnJvm(apk: string, requests: string[]): Promise<ShellRun> {
  const dir = await mkdtemp(join(tmpdir(), "hybridge-shell-jvm-"));
  try {
    const dex = (await zipEntries(await readFile(apk))).get("classes.dex");
    if (!dex) throw new Error("the APK has no classes.dex");
    await writeFile(join(dir, "classes.dex"), dex);
    // enjarify's wrapper takes the first python3 on PATH, which may lack Debian's modules.
    const python: Record<string, string> = existsSync("/usr/bin/python3")
      ? { PYTHON: "/usr/bin/python3" }
      : {};
    const jar = join(dir, "shell.jar");
    await referenceTool("enjarify", ["-o", jar, join(dir, "classes.dex")], python);
    const classes = join(dir, "classes");
    await mkdir(classes);
    const sources = (await readdir(SOURCES, { recursive: true }))
      .filter((file) => file.endsWith(".java"))
      .map((file) => join(SOURCES, file));
    await referenceTool("javac", ["-encoding", "UTF-8", "-d", classes, "-cp", jar, ...sources]);
    const output = await referenceTool("java", [
      "-cp",
      `${classes}:${jar}`,
      "dev.hybridge.shell.ShellOnJvm",
      apk,
      ...requests,
    ]);
    const [activity, ...answers] = output
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    return { activity, answers };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
