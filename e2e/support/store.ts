import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { baseUrl } from "./env";
import { repoRoot } from "./server";

/** A real PNG thumbnail from the repository (one of the example modules' images). */
export const thumbnailPng = (): Buffer =>
  readFileSync(path.join(repoRoot, "apps/server/assets/store-seed/camera-scanner.png"));

export { bitmapPng } from "../../apps/server/test/test-images";

export type CreatedModule = { id: string; title: string; price: number; platform: string };

/**
 * Adds a module for the context's signed-in user through the store API (multipart, text fields
 * first, then the thumbnail).
 */
export async function createModuleViaApi(
  context: BrowserContext,
  fields: { title?: string; description?: string; price?: string; platform?: string } = {},
  base = baseUrl(),
): Promise<CreatedModule> {
  const response = await context.request.post(`${base}/api/store/modules`, {
    headers: { origin: base },
    multipart: {
      title: fields.title ?? `Module ${randomBytes(3).toString("hex")}`,
      description: fields.description ?? "A module made by a browser test.",
      price: fields.price ?? "0",
      platform: fields.platform ?? "multiplatform",
      thumbnail: { name: "thumbnail.png", mimeType: "image/png", buffer: thumbnailPng() },
    },
  });
  if (response.status() !== 201) {
    throw new Error(`module creation failed: ${response.status()} ${await response.text()}`);
  }
  const { module } = (await response.json()) as { module: CreatedModule };
  return module;
}

export type StoreProject = { id: string; name: string; keyApp: string };

/** Creates an app project for the context's signed-in user through the projects API. */
export async function createStoreProjectViaApi(
  context: BrowserContext,
  name = `App ${randomBytes(3).toString("hex")}`,
): Promise<StoreProject> {
  const base = baseUrl();
  const response = await context.request.post(`${base}/api/projects`, {
    headers: { origin: base },
    multipart: {
      name,
      keyApp: `app-${randomBytes(6).toString("hex")}`,
      description: "An app that uses modules",
      segment: "other",
      navBarType: "footer",
      color: "#0E904D",
      statusbar: "#FFFFFF",
    },
  });
  if (response.status() !== 201) {
    throw new Error(`project creation failed: ${response.status()} ${await response.text()}`);
  }
  const { project } = (await response.json()) as { project: StoreProject };
  return { id: project.id, name: project.name, keyApp: project.keyApp };
}

/**
 * A real, playable WebM made by the page's own Chromium: a canvas animation recorded with
 * MediaRecorder (VP8). No video file needs to live in the repository.
 */
export async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 90;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d context");
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp8" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    let frame = 0;
    const timer = setInterval(() => {
      ctx.fillStyle = "#0e904d";
      ctx.fillRect(0, 0, 160, 90);
      ctx.fillStyle = "#ffffff";
      ctx.fillRect((frame * 8) % 160, 30, 30, 30);
      frame += 1;
    }, 60);
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 800));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return Buffer.from(bytes);
}
