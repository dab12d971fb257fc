// Builds the web app and pre-renders its public pages (docs/decisions/005-prerendering.md):
//   1. the client bundle (vite build) into OUT (default dist/);
//   2. the app once more for Node (entry-server.tsx) into a scratch folder;
//   3. for each public page, its HTML rendered into the client's index.html template, written to
//      OUT/<path>/index.html with its own <title>, description and lang; the untouched template
//      becomes OUT/app.html, the shell of every other page;
//   4. OUT/pages.json, read by the server: which file answers which path, and every route
//      pattern (other paths answer 404);
//   5. a check that the public pages' first load holds no console code, and stays within its
//      gzip budget (FIRST_LOAD_BUDGET_KIB).
//
// `node scripts/build.mjs --outDir /tmp/somewhere` builds a private copy; `--report` also lists,
// per public page, the packages and source folders its first load carries, with their sizes.
import { mkdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const flag = process.argv.indexOf("--outDir");
const outDir = path.resolve(webDir, flag > 0 ? process.argv[flag + 1] : "dist");
// Inside the package, so that the Node bundle resolves react & co. from node_modules.
const verbose = process.argv.includes("--report");
const ssrDir = path.join(webDir, "node_modules", ".prerender", String(process.pid));

/** Features whose code must never reach a public page's first load (the signed-in console). */
const CONSOLE_CODE =
  /[\\/]src[\\/]features[\\/](projects|builds|store|test-console)[\\/]|[\\/]src[\\/]features[\\/](?!marketing[\\/])[^\\/]+[\\/]pages[\\/]/;

/**
 * The most JavaScript (KiB, each file gzipped as a server sends it) a public page may load before
 * it is interactive: the entry, the shell and the page's own chunks. Set about 10% above what the
 * pages measured (docs/decisions/005-prerendering.md), so that growth is a decision, not an
 * accident: the build fails past it. A page not listed gets the largest budget.
 *
 * Measured: / 163.6, /fr 162.5, /docs 159.1, /privacy 159.9, /assistant 159.1, /welcome 157.6
 * (of which react-dom 66 and zod 23.6, the latter for the session query's schema in the shell).
 */
const FIRST_LOAD_BUDGET_KIB = {
  "/": 180,
  "/fr": 179,
  "/docs": 175,
  "/privacy": 176,
  "/assistant": 175,
  "/welcome": 174,
};

// 1. Client bundle, remembering which modules went into which chunk.
const chunks = new Map();
await build({
  root: webDir,
  logLevel: "warn",
  build: { outDir, emptyOutDir: true },
  plugins: [
    {
      name: "hybridge:chunk-report",
      apply: "build",
      generateBundle(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== "chunk") continue;
          chunks.set(file.fileName, {
            fileName: file.fileName,
            isEntry: file.isEntry,
            facadeModuleId: file.facadeModuleId,
            imports: file.imports,
            moduleIds: file.moduleIds,
            moduleSizes: Object.fromEntries(
              Object.entries(file.modules).map(([id, info]) => [id, info.renderedLength]),
            ),
            size: file.code.length,
            gzip: gzipSync(file.code).length,
          });
        }
      },
    },
  ],
});

// 2. The same app for Node.
await rm(ssrDir, { recursive: true, force: true });
try {
  await build({
    root: webDir,
    logLevel: "warn",
    build: {
      ssr: "src/entry-server.tsx",
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
  const server = await import(pathToFileURL(path.join(ssrDir, "entry-server.js")).href);
  await prerender(server);
} finally {
  await rm(ssrDir, { recursive: true, force: true });
  await rmdir(path.dirname(ssrDir)).catch(() => {}); // only when no other build uses it
}

async function prerender(server) {
  const template = await readFile(path.join(outDir, "index.html"), "utf8");
  await writeFile(path.join(outDir, "app.html"), template);

  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("prerender: the client build has no entry chunk");
  const entryFiles = closure(entry.fileName);

  const pages = {};
  const report = [];
  for (const { path: pagePath, meta, module } of server.prerenderedPages) {
    const { html, status } = await server.render(pagePath);
    if (status !== 200) throw new Error(`prerender: ${pagePath} rendered with status ${status}`);

    const pageChunk = [...chunks.values()].find((chunk) =>
      chunk.facadeModuleId?.endsWith(`/src/${module}`),
    );
    if (!pageChunk) throw new Error(`prerender: no chunk for ${module} (${pagePath})`);
    const pageFiles = closure(pageChunk.fileName).filter((file) => !entryFiles.includes(file));

    const file = pagePath === "/" ? "index.html" : `${pagePath.slice(1)}/index.html`;
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await writeFile(path.join(outDir, file), fillTemplate(template, { html, meta, pageFiles }));
    pages[pagePath] = file;

    const firstLoad = [...entryFiles, ...pageFiles];
    const modules = firstLoad.flatMap((name) => chunks.get(name)?.moduleIds ?? []);
    const consoleModules = modules.filter((id) => CONSOLE_CODE.test(id));
    if (consoleModules.length > 0) {
      throw new Error(
        `prerender: the first load of ${pagePath} holds console code:\n  ${consoleModules.join("\n  ")}`,
      );
    }
    const otherFeatures = [
      ...new Set(
        modules
          .map((id) => /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id)?.[1])
          .filter((name) => name && name !== "marketing"),
      ),
    ];
    const bytes = firstLoad.reduce((sum, name) => sum + (chunks.get(name)?.size ?? 0), 0);
    const gzip = firstLoad.reduce((sum, name) => sum + (chunks.get(name)?.gzip ?? 0), 0);
    report.push({ pagePath, files: firstLoad.length, bytes, gzip, otherFeatures, firstLoad });
  }

  await writeFile(
    path.join(outDir, "pages.json"),
    `${JSON.stringify({ shell: "app.html", pages, routes: server.routePathList() }, null, 2)}\n`,
  );

  const defaultBudget = Math.max(...Object.values(FIRST_LOAD_BUDGET_KIB));
  const overBudget = [];
  for (const { pagePath, files, bytes, gzip, otherFeatures, firstLoad } of report) {
    const kib = (bytes / 1024).toFixed(0);
    const gzipKib = gzip / 1024;
    const budget = FIRST_LOAD_BUDGET_KIB[pagePath] ?? defaultBudget;
    const also =
      otherFeatures.length > 0 ? ` — also from features: ${otherFeatures.join(", ")}` : "";
    console.log(
      `pre-rendered ${pagePath.padEnd(11)} first load: ${files} JS files, ${kib} KiB, ${gzipKib.toFixed(1)} KiB gzip (budget ${budget})${also}`,
    );
    if (gzipKib > budget) {
      overBudget.push(`${pagePath}: ${gzipKib.toFixed(1)} KiB gzip, budget ${budget} KiB`);
    }
    if (verbose) printOrigins(firstLoad);
  }
  if (overBudget.length > 0) {
    throw new Error(
      `prerender: first load over its gzip budget (FIRST_LOAD_BUDGET_KIB in scripts/build.mjs; run with --report to see where the bytes come from):\n  ${overBudget.join("\n  ")}`,
    );
  }
}

/** Where the first load's bytes come from: npm packages and our source folders. */
function printOrigins(files) {
  const sizes = new Map();
  for (const name of files) {
    for (const [id, size] of Object.entries(chunks.get(name)?.moduleSizes ?? {})) {
      const pkg = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1];
      const src =
        /[\\/](src[\\/](?:features[\\/][^\\/]+|[^\\/]+)|packages[\\/]shared[\\/]src[\\/][^\\/]+)/.exec(
          id,
        )?.[1];
      const origin = pkg ?? src ?? id;
      sizes.set(origin, (sizes.get(origin) ?? 0) + size);
    }
  }
  // Rendered sizes: after tree-shaking, before minifying and gzip.
  for (const [origin, size] of [...sizes].sort((a, b) => b[1] - a[1])) {
    console.log(`    ${(size / 1024).toFixed(1).padStart(7)} KiB  ${origin}`);
  }
}

/** The chunk and every chunk it imports statically, in load order. */
function closure(fileName, seen = new Set()) {
  if (seen.has(fileName)) return [];
  seen.add(fileName);
  const chunk = chunks.get(fileName);
  return [fileName, ...(chunk?.imports ?? []).flatMap((name) => closure(name, seen))];
}

function escapeHtml(text) {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Replaces `pattern` once; a template that lost the spot fails the build instead of the page. */
function replaceOnce(text, pattern, replacement) {
  if (!pattern.test(text)) throw new Error(`prerender: index.html has no match for ${pattern}`);
  return text.replace(pattern, () => replacement);
}

function fillTemplate(template, { html, meta, pageFiles }) {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  let out = template;
  out = replaceOnce(out, /<html lang="[^"]*">/, `<html lang="${meta.lang}">`);
  out = replaceOnce(out, /<title>[^<]*<\/title>/, `<title>${title}</title>`);
  out = replaceOnce(
    out,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    [
      `<meta name="description" content="${description}" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:type" content="website" />`,
    ].join("\n    "),
  );
  // The same page in the other language (docs/decisions/005-prerendering.md).
  const alternates = (meta.alternates ?? [])
    .map(
      ({ lang, path: href }) =>
        `<link rel="alternate" hreflang="${escapeHtml(lang)}" href="${escapeHtml(href)}" />`,
    )
    .join("\n    ");
  if (alternates) out = replaceOnce(out, /<\/head>/, `  ${alternates}\n  </head>`);
  // The page's own chunks load alongside the entry instead of after it.
  const preloads = pageFiles
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join("\n    ");
  if (preloads) out = replaceOnce(out, /<\/head>/, `  ${preloads}\n  </head>`);
  // The page reads without JavaScript: the "needs JavaScript" notice is for the shell only.
  out = replaceOnce(out, /\s*<noscript>[\s\S]*?<\/noscript>/, "");
  return replaceOnce(out, /<div id="root"><\/div>/, `<div id="root">${html}</div>`);
}
