import type { TestProject } from "vitest/node";
import "./env";
import { startServer } from "./server";

/**
 * Starts the production server once for the whole e2e run, on a free port and a fresh DATA_DIR,
 * and hands its URL and data folder to the tests. Teardown stops it and deletes the folder.
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);

  return async () => {
    const output = server.output().trim();
    await server.stop();
    // Warnings the server logged during the run help explain a failing test.
    if (output) console.log(`e2e server output:\n${output}`);
  };
}
