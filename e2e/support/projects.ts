import { randomBytes } from "node:crypto";
import type { BrowserContext } from "playwright-core";
import { pngBytes, svgText } from "../../apps/server/test/test-images";
import { baseUrl } from "./env";

export { jpegBytes, pngBytes, svgText } from "../../apps/server/test/test-images";

/** A fresh app code per call (codes are unique across all users). */
export const uniqueAppCode = (): string => `app-${randomBytes(5).toString("hex")}`;

/** Files for `setInputFiles`. */
export const launchIconFile = (width = 512, height = 512, name = "icon.png") => ({
  name,
  mimeType: "image/png",
  buffer: pngBytes(width, height),
});
export const notificationIconFile = (svg: string = svgText(), name = "bell.svg") => ({
  name,
  mimeType: "image/svg+xml",
  buffer: Buffer.from(svg),
});

export type CreatedProject = { id: string; name: string; keyApp: string };

/** Creates a project through the API with the context's session (multipart, no icons). */
export async function createProjectViaApi(
  context: BrowserContext,
  overrides: Record<string, string> = {},
  base = baseUrl(),
): Promise<CreatedProject> {
  const response = await context.request.post(`${base}/api/projects`, {
    headers: { origin: base },
    multipart: {
      name: "Api App",
      keyApp: uniqueAppCode(),
      description: "Created through the API.",
      segment: "media",
      navBarType: "footer",
      color: "#0E904D",
      statusbar: "#FFFFFF",
      ...overrides,
    },
  });
  if (response.status() !== 201) {
    throw new Error(`project creation failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()).project as CreatedProject;
}

/**
 * What an installed app sends (docs/decisions/014-install-counting.md): no session, the
 * project's database key as a Bearer token, and the install id it generated once.
 */
export function reportInstall(options: {
  appKey: string;
  databaseKey: string;
  platform: "android" | "apple";
  installId: string;
}) {
  const { appKey, databaseKey, platform, installId } = options;
  return fetch(`${baseUrl()}/api/v1/installs`, {
    method: "POST",
    headers: { authorization: `Bearer ${databaseKey}`, "content-type": "application/json" },
    body: JSON.stringify({ appKey, platform, installId }),
  });
}
