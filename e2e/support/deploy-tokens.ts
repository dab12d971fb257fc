import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "./env";

/** A deploy token of the project, made with the owner's session, as the console makes one. */
export async function deployToken(
  context: BrowserContext,
  projectId: string,
  base = baseUrl(),
): Promise<string> {
  const response = await context.request.post(`${base}/api/projects/${projectId}/deploy-tokens`, {
    headers: { origin: base },
    data: { name: "CI" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).secret as string;
}

/** `npm run deploy` of a built web app's zip (the CLI's request): the update it made. */
export async function deployUpdate(
  token: string,
  zip: Buffer,
  fields: Record<string, string>,
  base = baseUrl(),
): Promise<{ id: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("bundle", new Blob([new Uint8Array(zip)], { type: "application/zip" }), "dist.zip");
  const response = await fetch(`${base}/api/v1/deploy`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { update: { id: string } }).update;
}
