import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server package's folder, found by walking up from this module: the same answer from the
 * TypeScript sources (tests, dev) and from the bundled dist/main.js (production).
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).name === "@hybridge/server") {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the @hybridge/server package folder");
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, "drizzle");
export const defaultWebDistDir = path.resolve(serverRoot, "../web/dist");
