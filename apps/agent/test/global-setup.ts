import type { TestProject } from "vitest/node";
import { createUploadKeystore } from "../src/android/keystore";
import { SHARED_KEYSTORE_NAMES, type SharedKeystores } from "./upload-keystores";

declare module "vitest" {
  export interface ProvidedContext {
    /** Upload keys made once for the run (test/upload-keystores.ts), by common name, as JSON. */
    agentUploadKeystores: string;
  }
}

/**
 * keytool's RSA 2048 key costs a JVM start and seconds of a core on CI's two loaded cores; the
 * files that build APKs need *an* upload key, not a new one each (docs/decisions/053-ci-time.md).
 * The keys are made here, once, in parallel, with the product's own createUploadKeystore, and
 * handed to the files. keystore.test.ts, which is about making keys, still makes its own.
 */
export default async function setup(project: TestProject) {
  const made = await Promise.all(
    SHARED_KEYSTORE_NAMES.map(async (commonName) => {
      const key = await createUploadKeystore({ dname: { commonName } });
      return [commonName, { ...key, bytes: key.bytes.toString("base64") }] as const;
    }),
  );
  const keystores: SharedKeystores = Object.fromEntries(made) as SharedKeystores;
  project.provide("agentUploadKeystores", JSON.stringify(keystores));
}
