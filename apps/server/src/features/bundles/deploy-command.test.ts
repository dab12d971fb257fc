import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { deploy } from "@hybridge/cli/src/deploy";
import type { CreateDeployTokenResponse } from "@hybridge/shared/bundles/schemas";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../../test/net";
import { seedProject } from "../../../test/seed";
import {
  createTestApp,
  createTestUser,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";

// `hybridge deploy` itself against a listening server: what its user reads when the token is
// refused, the server is not there, or the deploy goes through.
let app: TestApp;
let owner: TestUser;
let server: string;
let root: string;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
  server = await app.listen({ port: 0, host: "127.0.0.1" });
  // A 3 MB dist/ that does not compress: the upload is under way when a refusal comes.
  root = await mkdtemp(path.join(tmpdir(), "hybridge-deploy-"));
  await mkdir(path.join(root, "dist", "assets"), { recursive: true });
  await writeFile(path.join(root, "dist", "index.html"), "<!doctype html><title>App</title>");
  for (let i = 0; i < 3; i++) {
    await writeFile(path.join(root, "dist", "assets", `chunk-${i}.bin`), randomBytes(1024 * 1024));
  }
});
afterAll(async () => {
  await app?.close();
  await app?.cleanup();
  if (root) await rm(root, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

async function newToken(projectId: string): Promise<CreateDeployTokenResponse> {
  const response = await app.inject({
    method: "POST",
    url: `/api/projects/${projectId}/deploy-tokens`,
    headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    payload: { name: "CI" },
  });
  return response.json();
}

async function revoke(projectId: string, tokenId: string) {
  await app.inject({
    method: "DELETE",
    url: `/api/projects/${projectId}/deploy-tokens/${tokenId}`,
    headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
  });
}

async function runDeploy(serverUrl: string, token: string) {
  await writeFile(
    path.join(root, ".env"),
    `HYBRIDGE_SERVER=${serverUrl}\nHYBRIDGE_DEPLOY_TOKEN=${token}\n`,
  );
  const written: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await deploy(root, { build: false });
    return { error: null, out: written.join("") };
  } catch (error) {
    return { error: error as Error, out: written.join("") };
  } finally {
    vi.restoreAllMocks();
  }
}

describe("hybridge deploy", () => {
  it("says a revoked token is refused, every time, before uploading anything", async () => {
    const project = await seedProject(app, owner, { name: "Refused" });
    const { token, secret } = await newToken(project.id);
    await revoke(project.id, token.id);
    for (let attempt = 0; attempt < 4; attempt++) {
      const { error, out } = await runDeploy(server, secret);
      expect(error?.message).toBe(`Deploy refused (401): ${BundlesTexts.deployTokenInvalid}`);
      expect(out).not.toContain("Uploading");
    }
  });

  it("tells an unreachable server from a refusal", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const { error } = await runDeploy(closed, "hb_deploy_whatever");
    expect(error?.message).toMatch(
      new RegExp(`^Could not reach ${closed} \\(.+\\): check HYBRIDGE_SERVER in \\.env\\.$`),
    );
  });

  it("tells an upload broken off from a refusal by asking again", async () => {
    const project = await seedProject(app, owner, { name: "Broken off" });
    const { token, secret } = await newToken(project.id);
    const cut = await cuttingProxy(new URL(server).port);
    try {
      const broken = await runDeploy(cut.url, secret);
      expect(broken.error?.message).toMatch(
        new RegExp(`^The upload to ${cut.url} broke off \\(.+\\): run the deploy again\\.$`),
      );
      // The token revoked while the upload ran (the server would answer 401 and close): the
      // second question gets the refusal.
      cut.beforeCut = () => revoke(project.id, token.id);
      const refused = await runDeploy(cut.url, secret);
      expect(refused.error?.message).toBe(
        `Deploy refused (401): ${BundlesTexts.deployTokenInvalid}`,
      );
    } finally {
      cut.server.close();
    }
  });

  it("uploads dist/ to the token's project", async () => {
    const project = await seedProject(app, owner, { name: "Deployed" });
    const { secret } = await newToken(project.id);
    const { error, out } = await runDeploy(server, secret);
    expect(error).toBeNull();
    expect(out).toContain(`to “Deployed” on ${server}`);
    expect(out).toContain("Deployed: 4 files are the web app of “Deployed”.");
  });
});

/**
 * Between the command and the server: a connection that carries a POST is reset 64 kB into its
 * upload (after `beforeCut`), as a server answering early and closing or a failing network
 * would leave it; other requests pass.
 */
async function cuttingProxy(port: string) {
  const proxy = {
    url: "",
    beforeCut: async () => {},
    server: net.createServer((client) => {
      const upstream = net.connect(Number(port), "127.0.0.1");
      let seen = 0;
      let post = false;
      client.on("data", (chunk: Buffer) => {
        // A kept-alive connection may carry a GET first: a POST starts a chunk of its own.
        if (!post && chunk.subarray(0, 5).toString() === "POST ") post = true;
        if (post) seen += chunk.length;
        if (post && seen > 64 * 1024) {
          client.pause();
          upstream.destroy();
          void proxy.beforeCut().finally(() => client.resetAndDestroy());
          return;
        }
        upstream.write(chunk);
      });
      upstream.on("data", (chunk: Buffer) => client.write(chunk));
      upstream.on("end", () => client.end());
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    }),
  };
  await new Promise<void>((resolve) => proxy.server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(proxy.server.address() as net.AddressInfo).port}`;
  return proxy;
}
