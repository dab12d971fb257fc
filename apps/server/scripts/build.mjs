// Bundles the server into dist/main.js: our code and @hybridge/shared (TypeScript sources) are
// bundled, every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
// `--outfile dist-NAME/main.js` builds a private copy (it must stay inside apps/server, where the
// server finds its migrations and dependencies).
const flag = process.argv.indexOf("--outfile");
const outfile = flag > 0 ? process.argv[flag + 1] : "dist/main.js";
// The build agent (@hybridge/agent, bundled like shared) brings its own npm dependencies (sharp,
// yauzl, yazl): they stay external too (docs/decisions/018-android-builds.md).
const agentPkg = JSON.parse(
  readFileSync(new URL("../../agent/package.json", import.meta.url), "utf8"),
);
const external = [
  ...new Set([...Object.keys(pkg.dependencies), ...Object.keys(agentPkg.dependencies)]),
].filter((name) => !name.startsWith("@hybridge/"));

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
