#!/usr/bin/env node
// Every installed package's `engines.node` must accept the Node that runs this script (the
// project's own `engines.node` included): an unsupported combination fails CI instead of
// surfacing as a runtime surprise (docs/decisions/024-test-suite.md).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";

const root = path.resolve(import.meta.dirname, "..");
const node = process.versions.node;
const problems = [];
let checked = 0;

function check(dir) {
  const file = path.join(dir, "package.json");
  if (!existsSync(file)) return;
  let pkg;
  try {
    pkg = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return;
  }
  checked += 1;
  const range = pkg.engines?.node;
  if (typeof range !== "string" || range.trim() === "" || range.trim() === "*") return;
  if (!semver.satisfies(node, range, { includePrerelease: true })) {
    problems.push(`${pkg.name}@${pkg.version} (${path.relative(root, dir)}) wants node ${range}`);
  }
}

/** Each package under a node_modules folder, and the node_modules folders nested in them. */
function walk(modules) {
  if (!existsSync(modules)) return;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
    if (entry.name.startsWith(".")) continue;
    const full = path.join(modules, entry.name);
    if (entry.name.startsWith("@")) {
      for (const scoped of readdirSync(full, { withFileTypes: true })) {
        if (scoped.isDirectory()) visit(path.join(full, scoped.name));
      }
    } else if (entry.isDirectory()) {
      visit(full);
    }
  }
}

function visit(dir) {
  check(dir);
  walk(path.join(dir, "node_modules"));
}

check(root);
for (const workspace of JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"))
  .workspaces) {
  visit(path.join(root, workspace));
}
walk(path.join(root, "node_modules"));

if (problems.length > 0) {
  console.error(`Installed packages that do not support Node ${node}:`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error(
    "Pin a version that does (package.json overrides) or raise the project's engine honestly.",
  );
  process.exit(1);
}
console.log(`engines: ${checked} packages accept Node ${node}`);
