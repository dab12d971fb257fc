import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { referenceTool, zipEntries } from "./reference-tools";

const SOURCES = join(import.meta.dirname, "android-on-jvm");

/** An intent the shell passed to startActivity, and whether an app on the "phone" took it. */
export interface StartedIntent {
  action: string | null;
  data: string | null;
  categories: string[];
  component: string | null;
  package: string | null;
  flags: number;
  selector: Omit<StartedIntent, "taken"> | null;
  taken: boolean;
}

/** What DownloadManager was asked to fetch. */
export interface EnqueuedDownload {
  uri: string;
  mimeType: string | null;
  title: string | null;
  headers: Record<string, string>;
  notificationVisibility: number;
  /** `public:Download/name` (the public Downloads folder) or `app:Download/name` (the app's). */
  destination: string | null;
}

/** A file the shell saved itself (body in base64). */
export type SavedDownload =
  | { where: "Downloads"; uri: string; name: string; mimeType: string | null; body: string | null }
  | {
      where: "app";
      /** Under the app's external files folder. */
      path: string;
      title: string;
      mimeType: string;
      length: number;
      scannable: boolean;
      notification: boolean;
      body: string;
    };

/** What the shell answered for one request (body in base64), link, download or event. */
export type ShellAnswer =
  | { url: string; staysInWebView: boolean; started: StartedIntent[]; loadedUrl: string | null }
  | { url: string; intercepted: false }
  | {
      url: string;
      intercepted: true;
      status: number;
      mimeType: string | null;
      encoding: string | null;
      body: string | null;
    }
  | { url: string; enqueued: EnqueuedDownload[]; saved: SavedDownload[]; toasts: string[] }
  | { rendererGone: boolean; replaced?: boolean; client?: string | null; loadedUrl?: string | null }
  | { installed: string }
  | { widened: string }
  | { cookie: string };

export interface ShellRun {
  /**
   * What MainActivity.onCreate did: the URL it loaded, the WebView's settings afterwards, the
   * class of the DownloadListener it set (null: none).
   */
  activity: {
    loadedUrl: string;
    settings: Record<string, boolean>;
    downloadListener: string | null;
  };
  answers: ShellAnswer[];
}

export interface ShellRunOptions {
  /** Build.VERSION.SDK_INT on the "phone" (default 29). */
  sdk?: number;
  /** The entry class (default dev.hybridge.shell.ShellOnJvm, android-on-jvm/README.md). */
  mainClass?: string;
  /** The app's private files (getFilesDir), kept between runs as between cold starts. */
  filesDir?: string;
}

/** The shell's bytecode and the harness, compiled once, to run any number of times. */
export interface ShellJvm {
  run(requests: string[], options?: ShellRunOptions): Promise<ShellRun>;
  dispose(): Promise<void>;
}

/**
 * Translates the APK's classes.dex with enjarify and compiles the harness against it
 * (android-on-jvm/README.md). Each run then starts MainActivity over the APK's assets and
 * answers the requests ShellOnJvm.java describes: `main URL` (a page's navigation) and `sub URL`
 * (anything else) through shouldInterceptRequest, `link URL` through shouldOverrideUrlLoading,
 * `download URL TYPE` through the DownloadListener, `gone` through onRenderProcessGone…
 */
export async function prepareShellOnJvm(apk: string): Promise<ShellJvm> {
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
    let runs = 0;
    return {
      async run(requests, options = {}) {
        runs += 1;
        const output = await referenceTool("java", [
          `-Dandroid.sdk=${options.sdk ?? 29}`,
          // The app's external files folder (getExternalFilesDir), one per run.
          `-Dandroid.externalFiles=${join(dir, `files-${runs}`)}`,
          ...(options.filesDir ? [`-Dandroid.filesDir=${options.filesDir}`] : []),
          "-cp",
          `${classes}:${jar}`,
          options.mainClass ?? "dev.hybridge.shell.ShellOnJvm",
          apk,
          ...requests,
        ]);
        const [activity, ...answers] = output
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line));
        return { activity, answers };
      },
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** prepareShellOnJvm, one run, and the files removed. */
export async function runShellOnJvm(
  apk: string,
  requests: string[],
  options?: ShellRunOptions,
): Promise<ShellRun> {
  const jvm = await prepareShellOnJvm(apk);
  try {
    return await jvm.run(requests, options);
  } finally {
    await jvm.dispose();
  }
}
