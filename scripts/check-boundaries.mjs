// The layers' boundaries, checked (docs/architecture.md, "Layout"): imports flow one way,
// packages → platform and UI → features → app, and a feature never imports another feature's
// internals. Run by `npm run lint`; it names every import that crosses a boundary and fails.
//
//   - packages/ import nothing from apps/;
//   - apps/agent imports no server or web code (it talks to the server over HTTP);
//   - server: platform/ imports no feature; a feature imports no other feature, nor app.ts;
//   - web: components/ and lib/ import no feature and nothing of app/; a feature imports no other
//     feature, nor app/.
//
// Biome's noRestrictedImports matches the text of an import, not the file it names: the same
// file is `../auth/x` from one folder and `../../auth/x` from the next, so the rule is checked
// here on resolved paths instead.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The deliberate exceptions, each with its reason. Paths are relative to the repository,
 * without extension.
 */
export const ALLOWED = [
  {
    // Every page answers a signed-out visitor itself, so every feature reads the session and
    // shows auth's sign-in card, its session error and (on /dash) the admin verification.
    from: /^apps\/web\/src\/features\//,
    to: [
      "apps/web/src/features/auth/api/use-session",
      "apps/web/src/features/auth/api/use-admin-verification",
      "apps/web/src/features/auth/components/session-error",
      "apps/web/src/features/auth/components/sign-in-card",
      "apps/web/src/features/auth/components/admin-verification-notice",
    ],
  },
  {
    // Tests go through the whole app: a feature's fixtures (its test-support.ts: a project, a
    // module, a bundle…) are there for any test that needs one.
    from: /\.(test|bench)\.tsx?$/,
    to: [/^apps\/server\/src\/features\/[^/]+\/test-support$/],
  },
];

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SCANNED = ["apps", "packages"];
const SKIPPED = new Set(["node_modules", "dist", "android-shell", "template"]);
/** A server's DATA_DIR left in a workspace (apps/server/data): not source, unlike features/data. */
const isDataDir = (dir, name) => name === "data" && !dir.includes("/src");

/**
 * Every module an import, export, dynamic import or vi.mock names, with its line. Comments are
 * not parsed away: an import written out in a comment counts too (none is, today).
 */
export function importsOf(text) {
  const found = [];
  const pattern =
    /\b(?:from|import)\s*\(?\s*(["'])([^"'\n]+)\1|\bvi\.(?:mock|doMock|importActual)\(\s*(["'])([^"'\n]+)\3/g;
  for (const match of text.matchAll(pattern)) {
    const line = text.slice(0, match.index).split("\n").length;
    found.push({ specifier: match[2] ?? match[4], line });
  }
  return found;
}

const withoutExtension = (file) => file.replace(/\.(d\.ts|tsx?|mts|mjs|js)$/, "");

/** The repository path an import names, without extension; null for an npm package. */
export function resolveImport(file, specifier) {
  if (specifier.startsWith(".")) {
    return withoutExtension(
      path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
    );
  }
  if (specifier.startsWith("@/") && file.startsWith("apps/web/")) {
    return withoutExtension(`apps/web/src/${specifier.slice(2)}`);
  }
  if (specifier.startsWith("@hybridge/shared/")) {
    return withoutExtension(`packages/shared/src/${specifier.slice("@hybridge/shared/".length)}`);
  }
  return null;
}

/** Which part of the house a file belongs to: a layer, or a feature by name. */
export function placeOf(file) {
  let match = file.match(/^apps\/(server|web)\/src\/features\/([^/]+)\//);
  if (match) return { side: match[1], layer: "feature", feature: match[2] };
  match = file.match(/^apps\/server\/src\/(platform)\//);
  if (match) return { side: "server", layer: "platform" };
  if (/^apps\/server\/src\/(app|main)$/.test(withoutExtension(file))) {
    return { side: "server", layer: "app" };
  }
  match = file.match(/^apps\/web\/src\/(app|components|lib)\//);
  if (match) return { side: "web", layer: match[1] === "app" ? "app" : "ui" };
  match = file.match(/^apps\/([^/]+)\//);
  if (match) return { side: match[1], layer: "other" };
  if (file.startsWith("packages/")) return { side: "packages", layer: "package" };
  return { side: "other", layer: "other" };
}

/** Why `file` may not import `target`, or null when it may. */
export function breach(file, target) {
  const from = placeOf(file);
  const to = placeOf(`${target}.ts`);
  if (from.side === "packages" && target.startsWith("apps/")) {
    return "packages/ import nothing from apps/";
  }
  if (from.side === "agent" && (to.side === "server" || to.side === "web")) {
    return "the build agent talks to the server over HTTP, it imports none of its code";
  }
  if (from.side !== to.side) return null;
  if (from.layer === "platform" && to.layer === "feature") {
    return "platform/ imports no feature";
  }
  if (from.layer === "ui" && (to.layer === "feature" || to.layer === "app")) {
    return "components/ and lib/ import no feature and nothing of app/";
  }
  if (from.layer === "feature" && to.layer === "app") {
    return "a feature does not import the app layer";
  }
  if (from.layer === "feature" && to.layer === "feature" && from.feature !== to.feature) {
    return `features/${from.feature} may not import features/${to.feature} (its internals): move what both need to packages/shared or platform, or compose them in the app layer`;
  }
  return null;
}

const allowed = (file, target) =>
  ALLOWED.some(
    (rule) =>
      rule.from.test(file) &&
      rule.to.some((to) => (typeof to === "string" ? to === target : to.test(target))),
  );

/** Every import of `sources` ([path, text] pairs, paths from the repository) that crosses. */
export function findBreaches(sources) {
  const breaches = [];
  for (const [file, text] of sources) {
    for (const { specifier, line } of importsOf(text)) {
      const target = resolveImport(file, specifier);
      if (target === null) continue;
      const reason = breach(file, target);
      if (reason && !allowed(file, target)) breaches.push({ file, line, specifier, reason });
    }
  }
  return breaches;
}

async function* sourceFiles(root, dir) {
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith(".") || isDataDir(dir, entry.name)) {
      continue;
    }
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(root, file);
    else if (SOURCE.test(entry.name)) yield file;
  }
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const sources = [];
  for (const dir of SCANNED) {
    for await (const file of sourceFiles(root, dir)) {
      sources.push([file, await readFile(path.join(root, file), "utf8")]);
    }
  }
  const breaches = findBreaches(sources);
  for (const { file, line, specifier, reason } of breaches) {
    console.error(`${file}:${line}: imports "${specifier}": ${reason}`);
  }
  if (breaches.length > 0) {
    console.error(`${breaches.length} import(s) cross a boundary (scripts/check-boundaries.mjs).`);
    process.exit(1);
  }
  console.log(`boundaries: ${sources.length} files, no import crosses`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
