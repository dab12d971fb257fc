import type { TestProject } from "vitest/node";
import "./env";
import { launchBrowserServer } from "./browser";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's shared Chromium (support/browser.ts), for chromium.connect. */
    browserWsEndpoint: string;
  }
}

/**
 * Starts the production server once for the whole e2e run, on a free port and a fresh DATA_DIR,
 * and hands its URL and data folder to the tests; and one Chromium the spec files connect to.
 * Teardown stops both and deletes the folder.
 */
export default async function setup(project: TestProject) {
  const [started, launched] = await Promise.allSettled([startServer(), launchBrowserServer()]);
  if (started.status === "rejected" || launched.status === "rejected") {
    if (started.status === "fulfilled") await started.value.stop();
    if (launched.status === "fulfilled") await launched.value.close();
    throw started.status === "rejected"
      ? started.reason
      : (launched as PromiseRejectedResult).reason;
  }
  const server = started.value;
  const browser = launched.value;
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("browserWsEndpoint", browser.wsEndpoint());

  return async () => {
    const output = server.output().trim();
    await browser.close();
    await server.stop();
    // Warnings the server logged during the run help explain a failing test.
    if (output) console.log(`e2e server output:\n${output}`);
  };
}
