import type { DeployResponse } from "@hybridge/shared/bundles/schemas";
import { multipart } from "../../../test/multipart";
import { seedProject } from "../../../test/seed";
import { TEST_ORIGIN, type TestApp, type TestUser } from "../../../test/test-app";

/** A project of `owner`'s with a deploy token, as `hybridge deploy` uses it. */
export async function deployableProject(
  app: TestApp,
  owner: TestUser,
  overrides: Parameters<typeof seedProject>[2] = {},
) {
  const project = await seedProject(app, owner, overrides);
  const created = await app.inject({
    method: "POST",
    url: `/api/projects/${project.id}/deploy-tokens`,
    headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    payload: { name: "CI" },
  });
  if (created.statusCode !== 201) {
    throw new Error(`deploy token answered ${created.statusCode}: ${created.body}`);
  }
  return { ...project, token: created.json<{ secret: string }>().secret };
}

/** `hybridge deploy` of a zip, with the update's optional fields (channel, rollout, message). */
export async function deploy(
  app: TestApp,
  token: string,
  zip: Buffer,
  fields: Record<string, string> = {},
): Promise<DeployResponse> {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: "bundle", filename: "dist.zip", contentType: "application/zip", data: zip },
  ]);
  const response = await app.inject({
    method: "POST",
    url: "/api/v1/deploy",
    headers: { authorization: `Bearer ${token}`, ...form.headers },
    payload: form.payload,
  });
  if (response.statusCode !== 201) {
    throw new Error(`deploy answered ${response.statusCode}: ${response.body}`);
  }
  return response.json() as DeployResponse;
}
