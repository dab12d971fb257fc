import { inject } from "vitest";
import { createUploadKeystore, type UploadKeystore } from "../src/android/keystore";

/** The certificate names the APK tests check (CN=Test shop, CN=Hybridge Dev). */
export const SHARED_KEYSTORE_NAMES = ["Test shop", "Hybridge Dev"] as const;
export type SharedKeystoreName = (typeof SHARED_KEYSTORE_NAMES)[number];
export type SharedKeystores = Record<
  SharedKeystoreName,
  { bytes: string; password: string; alias: string }
>;

/**
 * An upload key made by createUploadKeystore (keytool, RSA 2048) for `commonName`, once per test
 * run (test/global-setup.ts) rather than once per file. Made here when the run has no such setup.
 */
export async function sharedUploadKeystore(
  commonName: SharedKeystoreName,
): Promise<UploadKeystore> {
  const provided = inject("agentUploadKeystores");
  const key = provided ? (JSON.parse(provided) as SharedKeystores)[commonName] : undefined;
  if (!key) return createUploadKeystore({ dname: { commonName } });
  return { bytes: Buffer.from(key.bytes, "base64"), password: key.password, alias: key.alias };
}
