import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { baseUrl, url } from "./env";

/** A deploy token of the project, made with the owner's session, as the console makes one. */
export async function deployToken(context: BrowserContext, projectId: string): Promise<string> {
  const response = await context.request.post(url(`/api/projects/${projectId}/deploy-tokens`), {
    headers: { origin: baseUrl() },
    data: { name: "CI" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).secret as string;
}
