import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import { AndroidBuildError } from "./errors";
import { runTool } from "./run-tool";
import type { CompleteAndroidToolchain } from "./toolchain";

/** What every step needs: the tools, the build's folder (each step's working directory), its time limit, the log. */
export interface StepContext {
  toolchain: CompleteAndroidToolchain;
  workDir: string;
  timeoutMs: number;
  onLog: (line: string) => void;
  /** Aborted: the running tool is killed (see runTool). */
  signal?: AbortSignal;
}

/** Generous: a JVM tool on a busy 2-core machine takes seconds, a stuck one forever. */
export const DEFAULT_STEP_TIMEOUT_MS = 120_000;

/** The variable a keystore's password reaches keytool and apksigner through. */
export const KEYSTORE_PASSWORD_ENV = "HYBRIDGE_KEYSTORE_PASSWORD";

/**
 * Short-lived JVMs spend most of their time starting: the quick compiler and the serial
 * collector take about a third off smali's and apksigner's run here.
 */
const JVM_START_FLAGS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto"];

/** The environment of a tool: only what it needs, none of this process's secrets. */
export function toolEnv(
  toolchain: CompleteAndroidToolchain,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { PATH: toolchain.searchPath, LANG: "C.UTF-8", ...extra };
}

/** smali source → classes.dex (smali's wrapper passes JAVA_ARGS to its JVM). */
export function assembleDex(ctx: StepContext, input: { smaliDir: string; out: string }) {
  return runTool({
    ...common(ctx, AndroidBuildTexts.steps.assemble, "smali"),
    args: ["assemble", input.smaliDir, "-o", input.out],
    env: toolEnv(ctx.toolchain, { JAVA_ARGS: JVM_START_FLAGS.join(" ") }),
  });
}

/**
 * Manifest and resources → an APK holding the compiled manifest, resources.arsc and res/,
 * linked against the framework's resources. Code and assets are added afterwards.
 */
export function packageResources(
  ctx: StepContext,
  input: { manifest: string; resDir: string; out: string },
) {
  return runTool({
    ...common(ctx, AndroidBuildTexts.steps.packageResources, "aapt"),
    args: [
      "package",
      "-f",
      "-M",
      input.manifest,
      "-S",
      input.resDir,
      "-I",
      ctx.toolchain.frameworkRes,
      "-F",
      input.out,
    ],
  });
}

/** Stored entries on 4-byte boundaries (-p: shared libraries on page boundaries). */
export function alignApk(ctx: StepContext, input: { apk: string; out: string }) {
  return runTool({
    ...common(ctx, AndroidBuildTexts.steps.align, "zipalign"),
    args: ["-p", "-f", "4", input.apk, input.out],
  });
}

/** Signs with APK Signature Scheme v2 and v3; the password goes through the environment. */
export function signApk(
  ctx: StepContext,
  input: { apk: string; out: string; keystore: string; alias: string; password: string },
) {
  return runTool({
    ...common(ctx, AndroidBuildTexts.steps.sign, "apksigner"),
    args: [
      ...JVM_START_FLAGS.map((flag) => `-J${flag.slice(1)}`),
      "sign",
      "--ks",
      input.keystore,
      "--ks-type",
      "PKCS12",
      "--ks-key-alias",
      input.alias,
      "--ks-pass",
      `env:${KEYSTORE_PASSWORD_ENV}`,
      "--key-pass",
      `env:${KEYSTORE_PASSWORD_ENV}`,
      "--v1-signing-enabled",
      "false",
      "--v2-signing-enabled",
      "true",
      "--v3-signing-enabled",
      "true",
      "--v4-signing-enabled",
      "false",
      "--out",
      input.out,
      input.apk,
    ],
    env: toolEnv(ctx.toolchain, { [KEYSTORE_PASSWORD_ENV]: input.password }),
  });
}

/**
 * Checks the signed APK as Android will (apksigner verify) and reads its signer's certificate
 * fingerprint, the one that stays the same from version to version.
 */
export async function verifyApk(
  ctx: StepContext,
  input: { apk: string },
): Promise<{ certificateSha256: string }> {
  const report = await runTool({
    ...common(ctx, AndroidBuildTexts.steps.verify, "apksigner"),
    args: [
      ...JVM_START_FLAGS.map((flag) => `-J${flag.slice(1)}`),
      "verify",
      "--verbose",
      "--print-certs",
      input.apk,
    ],
  });
  const schemes = [2, 3].map((v) =>
    new RegExp(`^Verified using v${v} scheme \\(APK Signature Scheme v${v}\\): true$`, "m").test(
      report,
    ),
  );
  const digest = /^Signer #1 certificate SHA-256 digest: ([0-9a-f]{64})$/m.exec(report)?.[1];
  if (!schemes.every(Boolean) || !digest) {
    throw new AndroidBuildError("SIGNATURE_NOT_VERIFIED", AndroidBuildTexts.signatureNotVerified);
  }
  return { certificateSha256: digest };
}

function common(ctx: StepContext, step: string, tool: "smali" | "aapt" | "zipalign" | "apksigner") {
  return {
    step,
    tool,
    command: ctx.toolchain.tools[tool],
    cwd: ctx.workDir,
    env: toolEnv(ctx.toolchain),
    timeoutMs: ctx.timeoutMs,
    onLog: ctx.onLog,
    signal: ctx.signal,
  };
}
