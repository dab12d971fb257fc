import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, inArray } from "drizzle-orm";
import type { TestApp } from "../../../test/test-app";
import { agents, builds, signingKeys } from "../../platform/db/schema";
import { newAgentToken } from "./agent-auth";
import { checkUploadKeystore } from "./pkcs12";

/** What a build machine's quick stand-in for the Android tools uploads: a zip's first bytes. */
export const STAND_IN_APK = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from("stand-in app"),
]);

export type TestKeystore = { bytes: Buffer; password: string; alias: string; certSha256: string };

const made = new Map<string, Promise<TestKeystore>>();

/**
 * A real upload key made by keytool, as a build machine makes one (PKCS#12, RSA 2048): the same
 * one for the same password and alias within a test file (a JVM start costs about a second).
 */
export function testKeystore(
  options: { password?: string; alias?: string; name?: string } = {},
): Promise<TestKeystore> {
  const password = options.password ?? "test-keystore-password";
  const alias = options.alias ?? "upload";
  const key = JSON.stringify([password, alias, options.name ?? ""]);
  let keystore = made.get(key);
  if (!keystore) {
    keystore = runKeytool(password, alias, options.name ?? "Test app");
    made.set(key, keystore);
  }
  return keystore;
}

async function runKeytool(password: string, alias: string, name: string): Promise<TestKeystore> {
  const dir = await mkdtemp(path.join(tmpdir(), "hybridge-test-key-"));
  try {
    const file = path.join(dir, "upload.p12");
    await promisify(execFile)(
      "keytool",
      [
        "-genkeypair",
        "-noprompt",
        "-keystore",
        file,
        "-storetype",
        "PKCS12",
        "-alias",
        alias,
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "10000",
        "-dname",
        `CN=${name}`,
        "-storepass:env",
        "TEST_KEYSTORE_PASSWORD",
        "-keypass:env",
        "TEST_KEYSTORE_PASSWORD",
      ],
      { env: { PATH: process.env.PATH ?? "", TEST_KEYSTORE_PASSWORD: password } },
    );
    const bytes = await readFile(file);
    return { bytes, password, alias, ...checkUploadKeystore({ keystore: bytes, password, alias }) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A stand-in for the machine's keytool step: the upload key a machine named `name` makes (a
 * real one, which the server checks), with a password of its own.
 */
export const standInKeystore = (name: string) => async () => {
  const key = await testKeystore({ password: `password-${name}-1234`, name });
  return { bytes: key.bytes, password: key.password, alias: key.alias };
};

/** The test app listening on a port of 127.0.0.1, for build machines speaking HTTP: its address. */
export function listenForMachines(app: TestApp): Promise<string> {
  return app.listen({ port: 0, host: "127.0.0.1" });
}

/** A build machine inserted directly (no admin needed): its id and its bearer token. */
export async function insertTestAgent(
  app: TestApp,
  options: { name?: string; platforms?: string[] } = {},
) {
  const { token, prefix, hash } = newAgentToken();
  const [row] = await app.deps.db
    .insert(agents)
    .values({
      name: options.name ?? "Test machine",
      platforms: options.platforms ?? ["android"],
      tokenHash: hash,
      tokenPrefix: prefix,
    })
    .returning({ id: agents.id });
  if (!row) throw new Error("no agent");
  return { id: row.id, token };
}

/**
 * The queue is the whole database's: a test of it starts with nothing waiting (every pending or
 * building build cancelled and let go).
 */
export async function emptyBuildQueue(app: TestApp) {
  await app.deps.db
    .update(builds)
    .set({ status: "cancelled", agentId: null, leaseExpiresAt: null })
    .where(inArray(builds.status, ["pending", "building"]));
}

/** The project's stored upload key row (sealed), or undefined. */
export async function storedSigningKey(app: TestApp, projectId: string) {
  const [row] = await app.deps.db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.projectId, projectId));
  return row;
}
