import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import { listBundleFiles, writeUnsignedApk } from "./apk-contents";
import { bundlePermissions } from "./bundle-permissions";
import { isLightColor, toRrggbb } from "./colors";
import { AndroidBuildError } from "./errors";
import { assertKeyAlias, type UploadKeystore } from "./keystore";
import { writeLauncherIcons } from "./launcher-icons";
import { packageIdFromAppCode } from "./package-id";
import { androidStringValue, hashShellSmali, SHELL_SMALI_DIR, writeShellProject } from "./shell";
import { renderStarterPage } from "./starter-page";
import {
  alignApk,
  assembleDex,
  DEFAULT_STEP_TIMEOUT_MS,
  packageResources,
  type StepContext,
  signApk,
  verifyApk,
} from "./steps";
import {
  type AndroidToolchain,
  detectAndroidToolchain,
  requireCompleteToolchain,
} from "./toolchain";
import { withWorkDir } from "./work-dir";

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

export interface BuildAndroidApkOptions {
  app: AndroidApp;
  /** The web bundle's folder, index.html at its top; null builds the starter page instead. */
  bundleDir: string | null;
  /** The project's upload key (createUploadKeystore), the same for every build of the project. */
  keystore: UploadKeystore;
  /** Parent of the build's temporary folder. Default: the system's temporary folder. */
  workDir?: string;
  /** Default: the tools found on this process's PATH. */
  toolchain?: AndroidToolchain;
  /** Time limit of each tool's run. */
  stepTimeoutMs?: number;
  /** Every line of the build log: the commands run and everything they print. */
  onLog?: (line: string) => void;
  /** 0 to 100, after each step. */
  onProgress?: (percent: number) => void;
  /** Aborted: the running tool is killed and the build fails (a machine handing it back). */
  signal?: AbortSignal;
}

export interface AndroidApk {
  /** The signed, aligned, verified APK. */
  apk: Buffer;
  /** SHA-256 of the APK, hex. */
  sha256: string;
  /** SHA-256 of the signing certificate, hex: the same for every build of a project. */
  certificateSha256: string;
  packageName: string;
  versionCode: number;
  versionName: string;
}

/** Google Play's largest versionCode. */
const MAX_VERSION_CODE = 2_100_000_000;

/**
 * Builds a signed APK of the native shell around a web bundle (or the starter page), in a
 * fresh folder that is removed afterwards. Every tool runs as a child process with a time
 * limit; a failure rejects with an AndroidBuildError whose message is the failure reason.
 */
export async function buildAndroidApk(options: BuildAndroidApkOptions): Promise<AndroidApk> {
  const { app, keystore } = options;
  const onLog = options.onLog ?? (() => {});
  const onProgress = options.onProgress ?? (() => {});
  if (!Number.isInteger(app.version) || app.version < 1 || app.version > MAX_VERSION_CODE) {
    throw new AndroidBuildError("BAD_INPUT", AndroidBuildTexts.invalidVersion(app.version));
  }
  const statusBarColor = toRrggbb(AndroidBuildTexts.statusBarColour, app.statusBarColor);
  const themeColor = toRrggbb(AndroidBuildTexts.themeColour, app.themeColor);
  assertKeyAlias(keystore.alias);
  const toolchain = requireCompleteToolchain(options.toolchain ?? (await detectAndroidToolchain()));
  const packageName = packageIdFromAppCode(app.appCode);
  const versionName = String(app.version);

  return withWorkDir(options.workDir, async (dir) => {
    const ctx: StepContext = {
      toolchain,
      workDir: dir,
      timeoutMs: options.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS,
      onLog,
      signal: options.signal,
    };
    onLog(AndroidBuildTexts.logStart(packageName, versionName));
    onProgress(0);

    let bundleDir = options.bundleDir;
    if (bundleDir === null) {
      onLog(AndroidBuildTexts.logNoBundle);
      bundleDir = join(dir, "starter");
      await mkdir(bundleDir);
      const page = renderStarterPage({ name: app.name, themeColor, statusBarColor });
      await writeFile(join(bundleDir, "index.html"), page);
    }
    // Checked before any tool runs: a bad bundle fails at once.
    const bundle = await listBundleFiles(bundleDir, onLog);
    onLog(`Files in the web bundle: ${bundle.length}`);
    const permissions = await bundlePermissions(bundle);
    onLog(AndroidBuildTexts.logPermissions(permissions));

    await writeShellProject(join(dir, "shell"), {
      packageName,
      versionCode: String(app.version),
      versionName,
      appName: androidStringValue(app.name),
      statusBarColor,
      themeColor,
      lightStatusBar: isLightColor(statusBarColor) ? "true" : "false",
      permissions,
    });
    await writeLauncherIcons(join(dir, "shell", "res"), app.launchIcon);
    onProgress(10);

    const dex = await shellDex(ctx);
    onProgress(25);
    await packageResources(ctx, {
      manifest: join("shell", "AndroidManifest.xml"),
      resDir: join("shell", "res"),
      out: "resources.apk",
    });
    onProgress(40);
    await writeUnsignedApk({
      resourcesApk: join(dir, "resources.apk"),
      dex,
      bundle,
      out: join(dir, "unsigned.apk"),
    });
    onProgress(55);
    await alignApk(ctx, { apk: "unsigned.apk", out: "aligned.apk" });
    onProgress(65);
    await signWithKeystore(ctx, keystore, { apk: "aligned.apk", out: "app.apk" });
    onProgress(85);
    const { certificateSha256 } = await verifyApk(ctx, { apk: "app.apk" });
    const apk = await readFile(join(dir, "app.apk"));
    const sha256 = createHash("sha256").update(apk).digest("hex");
    onLog(AndroidBuildTexts.logApkReady(apk.length, sha256));
    onProgress(100);
    return {
      apk,
      sha256,
      certificateSha256,
      packageName,
      versionCode: app.version,
      versionName,
    };
  });
}

/**
 * Signs with the project's key, which is on disk only while apksigner runs: 0600, in a 0700
 * folder of its own, removed as soon as the signing ends (failed or not) — not with the build's
 * folder, and before the next step.
 */
async function signWithKeystore(
  ctx: StepContext,
  keystore: UploadKeystore,
  input: { apk: string; out: string },
) {
  const keyDir = await mkdtemp(join(ctx.workDir, "key-"));
  try {
    const file = join(keyDir, "upload.p12");
    await writeFile(file, keystore.bytes, { mode: 0o600, flag: "wx" });
    await signApk(ctx, {
      ...input,
      keystore: file,
      alias: keystore.alias,
      password: keystore.password,
    });
  } finally {
    await rm(keyDir, { recursive: true, force: true });
  }
}

/** classes.dex of the shell's smali, by the sources' hash: the same for every build. */
const assembledDex = new Map<string, Promise<Buffer>>();

async function shellDex(ctx: StepContext): Promise<Buffer> {
  const key = await hashShellSmali();
  const cached = assembledDex.get(key);
  if (cached) {
    ctx.onLog(AndroidBuildTexts.logDexReused);
    return cached;
  }
  const dex = assembleDex(ctx, { smaliDir: SHELL_SMALI_DIR, out: "classes.dex" }).then(() =>
    readFile(join(ctx.workDir, "classes.dex")),
  );
  assembledDex.set(key, dex);
  // A failed assembly (a timeout on a busy machine) is tried again by the next build.
  dex.catch(() => assembledDex.delete(key));
  return dex;
}
