import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import { HYBRIDGE_JSON_ASSET, type HybridgeJson } from "@hybridge/shared/updates/schemas";
import { type BundleFile, listBundleFiles, writeUnsignedApk } from "./apk-contents";
import type { UploadKeystore } from "./keystore";
import { writeLauncherIcons } from "./launcher-icons";
import {
  type AndroidPermission,
  hashShellSmali,
  SHELL_SMALI_DIR,
  type ShellValues,
  type ShellVariant,
  writeShellProject,
} from "./shell";
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

/**
 * The shell's native surface as over-the-air updates see it (issue 27): an update is offered only
 * to builds of the same runtime version. Bump it when the shell changes in a way a web bundle
 * made for the previous shell could not run on (a bridge method removed or changed).
 */
export const SHELL_RUNTIME_VERSION = "android-1";

/** How a build runs, whatever it builds: the shell around a project's bundle, or the dev app. */
export interface ShellBuildSettings {
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
export const MAX_VERSION_CODE = 2_100_000_000;

/** What one APK of the shell is made of; every value already checked by the caller. */
export interface ShellApkInput {
  /** The manifest's and resources' values (packageName, versions, name, colours, …). */
  values: Omit<ShellValues, "permissions">;
  /** The permissions the shell's manifest declares, from the bundle's files. Default: none. */
  permissionsOf?: (bundle: readonly BundleFile[]) => Promise<AndroidPermission[]>;
  /** Another app made of the shell: its templates, added to the shell's (writeShellProject). */
  variant?: ShellVariant;
  /** A 512×512 PNG or JPEG; null for the default icon. */
  launchIcon: Buffer | null;
  keystore: UploadKeystore;
  /** The web bundle's folder, index.html at its top; given the build's folder to write into. */
  bundleDir: (workDir: string) => Promise<string>;
  /**
   * The over-the-air update settings written as assets/hybridge.json (issue 27): none for an
   * app made of the shell that takes no updates (the dev app).
   */
  hybridgeJson?: HybridgeJson;
  /**
   * res/xml/network_security_config.xml, which the built apps' manifest names
   * (networkSecurityConfigXml); the dev app has its own in its variant.
   */
  networkSecurityConfig?: string;
}

/**
 * The one pipeline every APK goes through, in a fresh folder removed afterwards: the templates
 * and icons, classes.dex of the shell's smali (assembled once per process), aapt, the zip with
 * the bundle under assets/www/, zipalign, apksigner sign and verify. Every tool runs as a child
 * process with a time limit; a failure rejects with an AndroidBuildError.
 */
export async function buildShellApk(
  settings: ShellBuildSettings,
  input: ShellApkInput,
): Promise<AndroidApk> {
  const onLog = settings.onLog ?? (() => {});
  const onProgress = settings.onProgress ?? (() => {});
  const { values, keystore } = input;
  const toolchain = requireCompleteToolchain(
    settings.toolchain ?? (await detectAndroidToolchain()),
  );

  return withWorkDir(settings.workDir, async (dir) => {
    const ctx: StepContext = {
      toolchain,
      workDir: dir,
      timeoutMs: settings.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS,
      onLog,
      signal: settings.signal,
    };
    onLog(AndroidBuildTexts.logStart(values.packageName, values.versionName));
    onProgress(0);

    // Checked before any tool runs: a bad bundle fails at once.
    const bundle = await listBundleFiles(await input.bundleDir(dir), onLog);
    onLog(`Files in the web bundle: ${bundle.length}`);

    const permissions = (await input.permissionsOf?.(bundle)) ?? [];
    await writeShellProject(join(dir, "shell"), { ...values, permissions }, input.variant);
    if (input.networkSecurityConfig !== undefined) {
      await mkdir(join(dir, "shell", "res", "xml"), { recursive: true });
      await writeFile(
        join(dir, "shell", "res", "xml", "network_security_config.xml"),
        input.networkSecurityConfig,
      );
    }
    await writeLauncherIcons(join(dir, "shell", "res"), input.launchIcon);
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
      extraFiles: input.hybridgeJson
        ? [
            {
              path: HYBRIDGE_JSON_ASSET,
              data: Buffer.from(`${JSON.stringify(input.hybridgeJson, null, 2)}\n`),
            },
          ]
        : [],
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
      packageName: values.packageName,
      versionCode: Number(values.versionCode),
      versionName: values.versionName,
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
