import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import { AndroidBuildError } from "./errors";
import { runTool } from "./run-tool";
import { DEFAULT_STEP_TIMEOUT_MS, KEYSTORE_PASSWORD_ENV, toolEnv } from "./steps";
import {
  type AndroidToolchain,
  detectAndroidToolchain,
  requireCompleteToolchain,
} from "./toolchain";
import { withWorkDir } from "./work-dir";

/** A project's upload key: a PKCS12 keystore holding one RSA key, and what opens it. */
export interface UploadKeystore {
  bytes: Buffer;
  password: string;
  alias: string;
}

export interface CreateUploadKeystoreOptions {
  /** The key's name in the keystore (Play Console asks for it). Default "upload". */
  alias?: string;
  /** Who the certificate names, e.g. the project's name. Any text: it is escaped for the DN. */
  dname: { commonName: string; organization?: string };
  toolchain?: AndroidToolchain;
  /** Parent of the temporary folder the keystore is made in. Default: the system's. */
  workDir?: string;
  timeoutMs?: number;
  onLog?: (line: string) => void;
  /** Aborted: keytool is killed. */
  signal?: AbortSignal;
}

/** 10,000 days: past the 25 years Google Play asks of a key, with room to spare. */
const UPLOAD_KEY_VALIDITY_DAYS = 10_000;
const ALIAS_PATTERN = /^[a-z0-9._-]{1,64}$/;

/**
 * Generates a project's upload key with keytool: RSA 2048, SHA256withRSA, valid 10,000 days,
 * in a PKCS12 keystore under a random password. Made once, at the project's first Android
 * build; the caller stores it (encrypted) and signs every later build with it, so that each
 * version installs over the last.
 */
export async function createUploadKeystore(
  options: CreateUploadKeystoreOptions,
): Promise<UploadKeystore> {
  const alias = options.alias ?? "upload";
  assertKeyAlias(alias);
  const toolchain = requireCompleteToolchain(options.toolchain ?? (await detectAndroidToolchain()));
  const password = randomBytes(24).toString("base64url");
  return withWorkDir(options.workDir, async (dir) => {
    await runTool({
      step: AndroidBuildTexts.steps.createUploadKey,
      tool: "keytool",
      command: toolchain.tools.keytool,
      args: [
        "-J-XX:TieredStopAtLevel=1",
        "-genkeypair",
        "-noprompt",
        "-keystore",
        "upload.p12",
        "-storetype",
        "PKCS12",
        "-alias",
        alias,
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-sigalg",
        "SHA256withRSA",
        "-validity",
        String(UPLOAD_KEY_VALIDITY_DAYS),
        "-dname",
        distinguishedName(options.dname),
        "-storepass:env",
        KEYSTORE_PASSWORD_ENV,
        "-keypass:env",
        KEYSTORE_PASSWORD_ENV,
      ],
      cwd: dir,
      env: toolEnv(toolchain, { [KEYSTORE_PASSWORD_ENV]: password }),
      timeoutMs: options.timeoutMs ?? DEFAULT_STEP_TIMEOUT_MS,
      onLog: options.onLog ?? (() => {}),
      signal: options.signal,
    });
    return { bytes: await readFile(join(dir, "upload.p12")), password, alias };
  });
}

/** An alias goes on keytool's and apksigner's command lines: plain characters only. */
export function assertKeyAlias(alias: string): void {
  if (!ALIAS_PATTERN.test(alias)) {
    throw new AndroidBuildError("BAD_INPUT", AndroidBuildTexts.invalidKeyAlias);
  }
}

/**
 * An X.500 name as keytool parses it (RFC 2253): the characters that would end or change a
 * value are backslash-escaped, so a project name cannot add attributes of its own.
 */
export function distinguishedName(dname: CreateUploadKeystoreOptions["dname"]): string {
  const parts = [`CN=${escapeDnValue(dname.commonName)}`];
  if (dname.organization) parts.push(`O=${escapeDnValue(dname.organization)}`);
  return parts.join(", ");
}

function escapeDnValue(value: string): string {
  const text =
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it drops
    value.replace(/[\u0000-\u001f\u007f]/g, "").trim() || AndroidBuildTexts.defaultKeyName;
  return text.replace(/[\\,+"<>;=#]/g, (c) => `\\${c}`);
}
