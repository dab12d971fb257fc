// Bundles the server into dist/main.js: our code, @hybridge/shared, @hybridge/agent and the npm
// dependencies in one file, so that a start reads and compiles one module instead of hundreds
// (docs/decisions/026-server-performance.md: about 0.3 s of a 0.9 s start). Whitespace and
// syntax are minified, identifiers are not (errors and logs keep their names; esbuild's
// keepNames would cost a call per function created, on every request).
//
// Stay external, loaded from node_modules: PGlite (it reads its WebAssembly and data files
// next to its own module) and sharp (a native addon).
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

// `--outfile dist-NAME/main.js` builds a private copy (it must stay inside apps/server, where the
// server finds its migrations and dependencies).
const flag = process.argv.indexOf("--outfile");
const outfile = flag > 0 ? process.argv[flag + 1] : "dist/main.js";
const outdir = path.dirname(outfile);
const external = ["@electric-sql/pglite", "sharp"];
// Whatever an earlier build left there.
rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: ["src/main.ts"],
  outfile,
  // No code splitting: a split chunk's dynamic import of a CommonJS module keeps only its
  // default export (esbuild), which breaks @fastify/cookie's import("cookie").
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  // The CommonJS dependencies' require() of Node's own modules, inside an ES module.
  banner: {
    js: 'import { createRequire as hybridgeCreateRequire } from "node:module"; const require = hybridgeCreateRequire(import.meta.url);',
  },
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});

// The migrated PGlite cluster a first start loads instead of running initdb (seconds saved:
// src/platform/db/cluster-template.ts), beside main.js, where the bundle looks for it.
const template = spawnSync(
  process.execPath,
  [
    "--import",
    "tsx",
    "scripts/write-cluster-template.ts",
    path.join(outdir, "pglite-template.tar.gz"),
  ],
  { stdio: "inherit" },
);
if (template.status !== 0) process.exit(template.status ?? 1);
