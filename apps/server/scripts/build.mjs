// Bundles the server into dist/main.js: our code and @hybridge/shared (TypeScript sources) are
// bundled, every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
// `--outfile dist-NAME/main.js` builds a private copy (it must stay inside apps/server, where the
// server finds its migrations and dependencies).
const flag = process.argv.indexOf("--outfile");
const outfile = flag > 0 ? process.argv[flag + 1] : "dist/main.js";
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@hybridge/"));

await build({
  entryPoints: ["src/main.ts"],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
