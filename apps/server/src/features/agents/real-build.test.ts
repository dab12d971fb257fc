import { writeFile } from "node:fs/promises";
import path from "node:path";
import { packageIdFromAppCode } from "@hybridge/agent/android";
import { startAgent } from "@hybridge/agent/runner";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apksignerVerify, referenceTool, zipEntries } from "../../../../agent/test/reference-tools";
import { seedProject } from "../../../test/seed";
import {
  createTestApp,
  createTestUser,
  postJson,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import { sampleBundle, uploadBundle } from "../bundles/test-support";
import { createEmbeddedAgent } from "./manage-agents";
import { listenForMachines } from "./test-support";

/**
 * The whole path of issue 13 on a real server: a build request, a build machine speaking the
 * protocol over HTTP with the real Android tools, the app downloaded by its owner and checked
 * with the reference tools, and version 2 signed like version 1.
 */
let app: TestApp;
let owner: TestUser;
let server: string;

beforeAll(async () => {
  app = await createTestApp();
  server = await listenForMachines(app);
  owner = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});

/** The project's latest Android build, as its page reads it. */
async function latestBuild(projectId: string) {
  const res = await app.inject({
    url: `/api/projects/${projectId}/builds/latest?platform=android`,
    headers: { cookie: owner.cookie },
  });
  return res.json().build;
}

describe("a real Android build through the queue", () => {
  it("builds, signs and serves an installable APK; version 2 has the same signer", async () => {
    const project = await seedProject(app, owner, { name: "Queue's Café" });
    const identity = await createEmbeddedAgent(app.deps.db, ["android"]);
    const machine = await startAgent({ server, token: identity.token, pollMs: 200 });
    try {
      expect(machine.platforms).toEqual(["android"]);
      const apks: Buffer[] = [];
      for (const version of [1, 2]) {
        // Version 1 has no web app (the starter page); version 2 the uploaded one.
        if (version === 2) {
          const uploaded = await uploadBundle(
            app,
            project.id,
            owner.cookie,
            await sampleBundle("dist/"),
          );
          expect(uploaded.statusCode).toBe(201);
        }
        const requested = await postJson(
          app,
          `/api/projects/${project.id}/builds`,
          { platform: "android" },
          owner.cookie,
        );
        const build = requested.json().build;
        expect(build.version).toBe(version);
        // A real build on CI's two loaded cores: up to 150 s.
        const ready = await vi.waitFor(
          async () => {
            const latest = await latestBuild(project.id);
            expect(latest?.id).toBe(build.id);
            expect(latest?.status).toBeOneOf(["ready", "failed"]);
            return latest;
          },
          { timeout: 150_000, interval: 250 },
        );
        expect(ready.failureReason).toBeNull();
        expect(ready).toMatchObject({ status: "ready", percent: 100, attempts: 1 });
        const apk = await app.inject({
          url: `/api/projects/${project.id}/builds/${build.id}/apk`,
          headers: { cookie: owner.cookie },
        });
        expect(apk.statusCode).toBe(200);
        apks.push(apk.rawPayload);
        const log = await app.inject({
          url: `/api/projects/${project.id}/builds/${build.id}/log`,
          headers: { cookie: owner.cookie },
        });
        const lines = log.json().lines.map((line: { line: string }) => line.line);
        expect(lines.join("\n")).toContain(version === 1 ? "starter page" : "Unpacked 3 files");
        // v1 is published, so v2 is the next version.
        if (version === 1) {
          expect(
            (await postJson(app, `/api/builds/${build.id}/publish`, {}, owner.cookie)).statusCode,
          ).toBe(200);
        }
      }
      const files = await Promise.all(
        apks.map(async (bytes, i) => {
          const file = path.join(app.dataDir, `v${i + 1}.apk`);
          await writeFile(file, bytes);
          return file;
        }),
      );
      const [v1, v2] = await Promise.all(files.map((file) => apksignerVerify(file)));
      expect(v1).toMatchObject({ v2: true, v3: true, signers: 1 });
      expect(v2?.certificateSha256).toBe(v1?.certificateSha256);
      const badging = await referenceTool("aapt", ["dump", "badging", files[1] as string]);
      expect(badging).toContain(
        `package: name='${packageIdFromAppCode(project.keyApp)}' versionCode='2' versionName='2'`,
      );
      expect(badging).toContain("application-label:'Queue's Café'");
      expect(badging).toContain("launchable-activity: name='dev.hybridge.shell.MainActivity'");
      const classes = await referenceTool("baksmali", ["list", "classes", files[0] as string]);
      expect(classes).toContain("Ldev/hybridge/shell/MainActivity;");
      const entries = await zipEntries(apks[0] as Buffer);
      expect(entries.get("assets/www/index.html")?.toString()).toContain(
        "<title>Queue&apos;s Café</title>",
      );
      // The published version is what the install page serves.
      const installed = await app.inject({ url: `/api/install/${project.keyApp}/apk` });
      expect(installed.rawPayload.equals(apks[0] as Buffer)).toBe(true);
    } finally {
      await machine.stop();
      await identity.close();
    }
  }, 300_000);
});
