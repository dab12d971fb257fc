import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { onTestFinished } from "vitest";
import { baseUrl } from "./env";

/** The SDK as an app's bundle would carry it: one script that sets `window.Hybridge`. */
async function sdkScript(): Promise<string> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [fileURLToPath(import.meta.resolve("@hybridge/app"))],
    bundle: true,
    format: "iife",
    globalName: "Hybridge",
    platform: "browser",
    write: false,
  });
  return result.outputFiles[0]?.text ?? "";
}

/**
 * Opens, in `page`, an app's page on its own origin (another port of this machine, as Vite's dev
 * server would be) carrying the SDK as `window.Hybridge`, configured with this server and `key`:
 * the SDK calls the Hybridge server across origins. Any path answers the same page.
 */
export async function openSdkPage(page: Page, key: string): Promise<string> {
  const script = await sdkScript();
  const devServer = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(
      `<!doctype html><html><head><link rel="icon" href="data:,"></head><body><h1>My app</h1><script>${script}</script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => devServer.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => void devServer.close());
  const origin = `http://127.0.0.1:${(devServer.address() as AddressInfo).port}`;
  await page.goto(`${origin}/`);
  await page.evaluate(
    ([server, databaseKey]) => {
      (window as unknown as { Hybridge: typeof import("@hybridge/app") }).Hybridge.configure({
        server,
        key: databaseKey,
      });
    },
    [baseUrl(), key] as const,
  );
  return origin;
}
