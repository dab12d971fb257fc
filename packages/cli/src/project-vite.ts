import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CliError } from "./project-env";

type ViteDevServer = {
  listen(): Promise<unknown>;
  close(): Promise<void>;
  httpServer: { address(): { port: number } | string | null } | null;
};
export type Vite = {
  createServer(config: Record<string, unknown>): Promise<ViteDevServer>;
  build(config: Record<string, unknown>): Promise<unknown>;
};

/** The app's own Vite (its devDependency), so that its vite.config.ts and plugins apply. */
export async function importProjectVite(root: string): Promise<Vite> {
  const require = createRequire(path.join(root, "package.json"));
  let entry: string;
  try {
    entry = require.resolve("vite");
  } catch {
    throw new CliError("Vite is not installed in this folder: run npm install first.");
  }
  return (await import(pathToFileURL(entry).href)) as Vite;
}
