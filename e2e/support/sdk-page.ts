import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { onTestFinished } from "vitest";
import { baseUrl } from "./env";

/**
 * The SDK as an app's bundle carries it: an ES module, as Vite builds and serves it (the SDK reads
 * Vite's `import.meta.env`, which only a module has; an IIFE would empty it, and esbuild warns).
 */
async function sdkModule(): Promise<string> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [fileURLToPath(import.meta.resolve("@hybridge/app"))],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
  });
  return result.outputFiles[0]?.text ?? "";
}

const SDK_PATH = "/hybridge-app.js";

/**
 * Opens, in `page`, an app's page on its own origin (another port of this machine, as Vite's dev
 * server would be) carrying the SDK as `window.Hybridge`, configured with this server and `key`:
 * the SDK calls the Hybridge server across origins. Any path but the SDK's answers the same page.
 */
export async function openSdkPage(
  page: Page,
  /** The Test Mode key, or a live app's public app key (its users then sign in). */
  key: string | { appKey: string },
): Promise<string> {
  const sdk = await sdkModule();
  const devServer = createServer((request, response) => {
    if (request.url === SDK_PATH) {
      response.writeHead(200, { "content-type": "text/javascript" });
      response.end(sdk);
      return;
    }
    response.writeHead(200, { "content-type": "text/html" });
    // A module runs before the page's load event, which page.goto waits for.
    response.end(
      `<!doctype html><html><head><link rel="icon" href="data:,"></head><body><h1>My app</h1><script type="module">import * as Hybridge from "${SDK_PATH}"; window.Hybridge = Hybridge;</script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => devServer.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => void devServer.close());
  const origin = `http://127.0.0.1:${(devServer.address() as AddressInfo).port}`;
  await page.goto(`${origin}/`);
  await page.evaluate(
    ([server, credential]) => {
      (window as unknown as { Hybridge: typeof import("@hybridge/app") }).Hybridge.configure(
        typeof credential === "string" ? { server, key: credential } : { server, ...credential },
      );
    },
    [baseUrl(), key] as const,
  );
  return origin;
}
