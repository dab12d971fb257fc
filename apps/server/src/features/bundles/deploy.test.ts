import type { CreateDeployTokenResponse, DeployToken } from "@hybridge/shared/bundles/schemas";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart";
import { seedProject } from "../../../test/seed";
import { createTestScene, TEST_ORIGIN, type TestApp, type TestUser } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { sampleBundle } from "./test-support";

let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene());
});
afterAll(() => app?.cleanup());

const tokensUrl = (projectId: string) => `/api/projects/${projectId}/deploy-tokens`;

async function createToken(projectId: string, name = "My laptop", cookie = owner.cookie) {
  return app.inject({
    method: "POST",
    url: tokensUrl(projectId),
    headers: { origin: TEST_ORIGIN, cookie },
    payload: { name },
  });
}

const listTokens = (projectId: string, cookie = owner.cookie) =>
  app.inject({ url: tokensUrl(projectId), headers: { cookie } });

/** `hybridge deploy`'s request: the zip as the bundle field, the token as a bearer token. */
function deploy(zip: Buffer, token?: string) {
  const form = multipart([
    { name: "bundle", filename: "dist.zip", contentType: "application/zip", data: zip },
  ]);
  return app.inject({
    method: "POST",
    url: "/api/v1/deploy",
    headers: { ...form.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: form.payload,
  });
}

const bundleRows = (projectId: string) =>
  app.deps.db.select().from(schema.webBundles).where(eq(schema.webBundles.projectId, projectId));

describe("deploy tokens", () => {
  it("are created with a secret shown once, listed without it, and revoked", async () => {
    const project = await seedProject(app, owner);
    const created = await createToken(project.id, "  CI runner ");
    expect(created.statusCode).toBe(201);
    const body = created.json<CreateDeployTokenResponse>();
    expect(body.secret).toMatch(/^hb_deploy_[A-Za-z0-9]{43}$/);
    expect(body.token).toMatchObject({ name: "CI runner", lastUsedAt: null });
    expect(body.secret.startsWith(body.token.tokenPrefix)).toBe(true);

    const listed = listTokens(project.id);
    const { tokens } = (await listed).json<{ tokens: DeployToken[] }>();
    expect(tokens.map((token) => token.id)).toEqual([body.token.id]);
    expect(JSON.stringify(tokens)).not.toContain(body.secret);
    const [row] = await app.deps.db
      .select()
      .from(schema.deployTokens)
      .where(eq(schema.deployTokens.id, body.token.id));
    expect(JSON.stringify(row)).not.toContain(body.secret);

    const revoked = await app.inject({
      method: "DELETE",
      url: `${tokensUrl(project.id)}/${body.token.id}`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await listTokens(project.id)).json()).toEqual({ tokens: [] });
    const again = await app.inject({
      method: "DELETE",
      url: `${tokensUrl(project.id)}/${body.token.id}`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(BundlesTexts.tokenNotFound);
  });

  it("want a name on one line of at most 64 characters", async () => {
    const project = await seedProject(app, owner);
    for (const name of ["", "   ", "x".repeat(65), "two\nlines"]) {
      const response = await createToken(project.id, name);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
    }
    expect((await listTokens(project.id)).json()).toEqual({ tokens: [] });
  });

  it("are the owner's: a stranger gets 404 listing, creating or revoking", async () => {
    const project = await seedProject(app, owner);
    const { token } = (await createToken(project.id)).json<CreateDeployTokenResponse>();
    expect((await listTokens(project.id, stranger.cookie)).statusCode).toBe(404);
    expect((await createToken(project.id, "Mine now", stranger.cookie)).statusCode).toBe(404);
    const revoke = await app.inject({
      method: "DELETE",
      url: `${tokensUrl(project.id)}/${token.id}`,
      headers: { origin: TEST_ORIGIN, cookie: stranger.cookie },
    });
    expect(revoke.statusCode).toBe(404);
    expect((await listTokens(project.id)).json().tokens).toHaveLength(1);
  });
});

describe("POST /api/v1/deploy", () => {
  it("uploads the web app to the token's project, records the token's use, and stops at revocation", async () => {
    const project = await seedProject(app, owner);
    const { token, secret } = (await createToken(project.id)).json<CreateDeployTokenResponse>();

    const deployed = await deploy(await sampleBundle("dist/"), secret);
    expect(deployed.statusCode).toBe(201);
    expect(deployed.json()).toMatchObject({
      project: { id: project.id, name: project.name },
      bundle: { isNext: true, fileCount: 3 },
    });
    expect(await bundleRows(project.id)).toHaveLength(1);
    const [listed] = (await listTokens(project.id)).json<{ tokens: DeployToken[] }>().tokens;
    expect(listed?.lastUsedAt).not.toBeNull();

    await app.inject({
      method: "DELETE",
      url: `${tokensUrl(project.id)}/${token.id}`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    const refused = await deploy(await sampleBundle(), secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: BundlesTexts.deployTokenInvalid });
    expect(await bundleRows(project.id)).toHaveLength(1);
  });

  it("refuses a missing or unknown token with 401, and a bad zip with the upload's message", async () => {
    const project = await seedProject(app, owner);
    const { secret } = (await createToken(project.id)).json<CreateDeployTokenResponse>();
    const zip = await sampleBundle();

    const missing = await deploy(zip);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers["www-authenticate"]).toContain("Bearer");
    expect(missing.json().message).toBe(BundlesTexts.deployTokenRequired);
    for (const wrong of [`${secret.slice(0, -1)}x`, "hb_test_whatever", "hb_deploy_"]) {
      const response = await deploy(zip, wrong);
      expect(response.statusCode, wrong).toBe(401);
      expect(response.json().message).toBe(BundlesTexts.deployTokenInvalid);
    }

    const notZip = await deploy(Buffer.from("<html>not a zip</html>"), secret);
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().message).toBe(BundlesTexts.notZip);
    expect(await bundleRows(project.id)).toHaveLength(0);
  });
});
