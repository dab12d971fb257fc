import { randomBytes } from "node:crypto";
import type { BrowserContext } from "playwright-core";
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
