import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { BrowserContext } from "playwright-core";
import { vi } from "vitest";
import { baseUrl } from "./env";

export type CreatedProject = { id: string; name: string; keyApp: string };

/**
 * Creates an app project for the context's signed-in user through the projects API
 * (multipart, text fields only: the default icons).
 */
export async function createProjectViaApi(
  context: BrowserContext,
  name = `App ${randomBytes(3).toString("hex")}`,
): Promise<CreatedProject> {
  const base = baseUrl();
  const keyApp = `app-${randomBytes(6).toString("hex")}`;
  const response = await context.request.post(`${base}/api/projects`, {
    headers: { origin: base },
    multipart: {
      name,
      keyApp,
      description: "An app to build",
      segment: "other",
      navBarType: "footer",
      color: "#0E904D",
      statusbar: "#FFFFFF",
    },
  });
  if (response.status() !== 201) {
    throw new Error(`project creation failed: ${response.status()} ${await response.text()}`);
  }
  const { project } = (await response.json()) as { project: CreatedProject };
  return { id: project.id, name: project.name, keyApp: project.keyApp };
}

/** A project's latest build of a platform, read through the API. */
export async function latestBuild(
  context: BrowserContext,
  projectId: string,
  platform: "android" | "apple",
): Promise<{ id: string; status: string; version: number } | null> {
  const response = await context.request.get(
    `${baseUrl()}/api/projects/${projectId}/builds/latest?platform=${platform}`,
  );
  return (
    (await response.json()) as { build: { id: string; status: string; version: number } | null }
  ).build;
}

/**
 * Requests an Android build through the API and waits until the server's embedded build
 * machine made it ready (a real APK: seconds here, up to a minute on a busy machine).
 */
export async function readyAndroidBuild(context: BrowserContext, projectId: string) {
  const base = baseUrl();
  const requested = await context.request.post(`${base}/api/projects/${projectId}/builds`, {
    headers: { origin: base },
    data: { platform: "android" },
  });
  const { build } = (await requested.json()) as { build: { id: string } };
  return vi.waitUntil(
    async () => {
      const latest = await latestBuild(context, projectId, "android");
      if (latest?.status === "failed") {
        throw new Error(`the Android build did not become ready: ${JSON.stringify(latest)}`);
      }
      return latest?.id === build.id && latest.status === "ready" ? latest : undefined;
    },
    { timeout: 90_000, interval: 300 },
  );
}

/**
 * An upload key of the owner's own, as keytool makes one (PKCS#12, RSA 2048), with the SHA-256
 * of its certificate as keytool prints it.
 */
export async function ownersKeystore(password: string, alias: string) {
  const dir = await mkdtemp(path.join(tmpdir(), "hybridge-e2e-key-"));
  try {
    const file = path.join(dir, "mine.p12");
    const run = promisify(execFile);
    const env = { PATH: process.env.PATH ?? "", E2E_KEYSTORE_PASSWORD: password };
    const pass = ["-storepass:env", "E2E_KEYSTORE_PASSWORD"];
    await run(
      "keytool",
      [
        ...["-genkeypair", "-noprompt", "-keystore", file, "-storetype", "PKCS12"],
        ...["-alias", alias, "-keyalg", "RSA", "-keysize", "2048", "-validity", "10000"],
        ...["-dname", "CN=The owner", ...pass, "-keypass:env", "E2E_KEYSTORE_PASSWORD"],
      ],
      { env },
    );
    const { stdout } = await run("keytool", ["-list", "-v", "-keystore", file, ...pass], { env });
    const sha256 = /SHA256: ([0-9A-F:]+)/.exec(stdout)?.[1]?.replaceAll(":", "").toLowerCase();
    if (!sha256) throw new Error(`keytool printed no SHA-256:\n${stdout}`);
    return { bytes: await readFile(file), sha256 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
