// Packs the SDK (@hybridge/app) and the command line (create-hybridge, @hybridge/cli) as npm
// tarballs into apps/server/dist/packages, which the server serves under /cli/ (decision 028):
// `npx <server>/cli/create-hybridge.tgz my-app --key …` and the new app's dependencies install
// from the server, without a public registry. Each package is bundled with esbuild (our shared
// code inlined; its registry dependencies stay dependencies), the SDK gets its .d.ts from tsc.
import { execFileSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "apps/server/dist/packages");
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const PACKAGES = [
  {
    dir: "packages/app",
    file: "hybridge-app",
    entries: { index: "src/index.ts", db: "src/db.ts" },
    platform: "browser",
    manifest: {
      exports: {
        ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
        "./db": { types: "./dist/db.d.ts", default: "./dist/db.js" },
      },
      types: "./dist/index.d.ts",
    },
    declarations: true,
  },
  {
    dir: "packages/cli",
    file: "hybridge-cli",
    entries: { main: "src/main.ts" },
    platform: "node",
    manifest: { bin: { hybridge: "./dist/main.js" } },
  },
  {
    dir: "packages/create-hybridge",
    file: "create-hybridge",
    entries: { main: "src/main.ts" },
    platform: "node",
    manifest: { bin: { "create-hybridge": "./dist/main.js" } },
    copy: ["template"],
  },
];

for (const pkg of PACKAGES) {
  const source = path.join(root, pkg.dir);
  const own = JSON.parse(readFileSync(path.join(source, "package.json"), "utf8"));
  const stage = mkdtempSync(path.join(os.tmpdir(), `hybridge-pack-${pkg.file}-`));
  try {
    await build({
      entryPoints: Object.fromEntries(
        Object.entries(pkg.entries).map(([name, file]) => [name, path.join(source, file)]),
      ),
      outdir: path.join(stage, "dist"),
      bundle: true,
      splitting: pkg.platform === "browser",
      format: "esm",
      platform: pkg.platform,
      target: pkg.platform === "browser" ? "es2020" : "node20",
      external: Object.keys(own.dependencies ?? {}),
      legalComments: "none",
      logLevel: "warning",
    });
    if (pkg.declarations) {
      execFileSync(
        path.join(root, "node_modules/.bin/tsc"),
        [
          "-p",
          source,
          "--noEmit",
          "false",
          "--declaration",
          "--emitDeclarationOnly",
          "--rootDir",
          path.join(source, "src"),
          "--outDir",
          path.join(stage, "dist"),
        ],
        { stdio: "inherit" },
      );
      for (const name of readdirSync(path.join(stage, "dist"))) {
        // Tests and their helpers (test-support.ts) are not part of the package.
        if (name.endsWith(".test.d.ts") || name === "test-support.d.ts") {
          rmSync(path.join(stage, "dist", name));
        } else if (name.endsWith(".d.ts")) {
          const text = readFileSync(path.join(stage, "dist", name), "utf8");
          if (text.includes("@hybridge/shared")) {
            throw new Error(
              `${pkg.file}: dist/${name} refers to @hybridge/shared, which is not packed`,
            );
          }
        }
      }
    }
    for (const folder of pkg.copy ?? []) {
      cpSync(path.join(source, folder), path.join(stage, folder), { recursive: true });
    }
    const manifest = {
      name: own.name,
      version: own.version,
      description: own.description,
      type: "module",
      license: "UNLICENSED",
      engines: { node: ">=20.19" },
      files: ["dist", ...(pkg.copy ?? [])],
      ...(own.sideEffects === false ? { sideEffects: false } : {}),
      ...pkg.manifest,
      ...(own.dependencies ? { dependencies: own.dependencies } : {}),
    };
    writeFileSync(path.join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--pack-destination", outDir], {
        cwd: stage,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      }),
    );
    renameSync(path.join(outDir, packed.filename), path.join(outDir, `${pkg.file}.tgz`));
    console.log(
      `packed ${own.name} → apps/server/dist/packages/${pkg.file}.tgz (${packed.size} bytes)`,
    );
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
