import { execFile } from "node:child_process";
import { buffer } from "node:stream/consumers";
import { promisify } from "node:util";
import yauzl from "yauzl";

/**
 * The checks a person would make on an APK, with the reference tools themselves (apksigner,
 * aapt, baksmali, keytool) rather than with our own code.
 */
const execFileAsync = promisify(execFile);

export async function referenceTool(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  const { stdout } = await execFileAsync(command, args, {
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** `apksigner verify --verbose --print-certs`: the schemes that verified and the signer. */
export async function apksignerVerify(apk: string) {
  const report = await referenceTool("apksigner", ["verify", "--verbose", "--print-certs", apk]);
  const scheme = (v: number) =>
    new RegExp(
      `^Verified using v${v} scheme \\(APK Signature Scheme v${v}\\): (true|false)$`,
      "m",
    ).exec(report)?.[1] === "true";
  return {
    v2: scheme(2),
    v3: scheme(3),
    signers: Number(/^Number of signers: (\d+)$/m.exec(report)?.[1]),
    certificateSha256: /^Signer #1 certificate SHA-256 digest: ([0-9a-f]{64})$/m.exec(report)?.[1],
    certificateDn: /^Signer #1 certificate DN: (.*)$/m.exec(report)?.[1],
  };
}

/** Every entry of a zip (an APK) by name, with its bytes. */
export async function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on("entry", async (entry: yauzl.Entry) => {
      try {
        entries.set(entry.fileName, await buffer(await file.openReadStreamPromise(entry)));
        file.readEntry();
      } catch (error) {
        reject(error);
      }
    });
    file.on("end", resolve);
    file.on("error", reject);
    file.readEntry();
  });
  return entries;
}
