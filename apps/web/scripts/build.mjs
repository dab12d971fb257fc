// Builds the web app and pre-renders its public pages (docs/decisions/005-prerendering.md):
//   1. the client bundle (vite build) into OUT (default dist/);
//   2. the app once more for Node (entry-server.tsx) into a scratch folder;
//   3. for each public page, its HTML rendered into the client's index.html template, written to
//      OUT/<path>/index.html with its own <title>, description and lang; the untouched template
//      becomes OUT/app.html, the shell of every other page;
//   4. OUT/pages.json, read by the server: which file answers which path, and every route
//      pattern (other paths answer 404);
//   5. the public pages' plain script (src/public/main.ts), built on its own: the pre-rendered
//      pages load it instead of the app (docs/decisions/025-public-pages-without-hydration.md);
//   6. checks: the plain script holds no npm package and no console code, and stays within
//      PUBLIC_JS_BUDGET_KIB; the console's first load stays within CONSOLE_FIRST_LOAD_BUDGET_KIB;
//   7. brotli and gzip copies of every text file (precompress.mjs), which the server sends as
//      they are.
//
// `node scripts/build.mjs --outDir /tmp/somewhere` builds a private copy; `--report` also lists,
// per public page, the packages and source folders its first load carries, with their sizes.
import { mkdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "vite";
import { precompress } from "./precompress.mjs";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const flag = process.argv.indexOf("--outDir");
const outDir = path.resolve(webDir, flag > 0 ? process.argv[flag + 1] : "dist");
// Inside the package, so that the Node bundle resolves react & co. from node_modules.
const verbose = process.argv.includes("--report");
const ssrDir = path.join(webDir, "node_modules", ".prerender", String(process.pid));
/**
 * Where the server writes its PUBLIC_URL (packages/shared/src/projects/install-command.ts:
 * SERVER_ADDRESS_MARK, and index.html's meta tag that carries it).
 */
const SERVER_ADDRESS_MARK = "__HYBRIDGE_SERVER__";
const SERVER_ADDRESS_META_TAG =
  /\s*<meta name="hybridge-server" content="__HYBRIDGE_SERVER__"\s*\/?>/;

/** Features whose code must never reach a public page's first load (the signed-in console). */
const CONSOLE_CODE =
  /[\\/]src[\\/]features[\\/](projects|builds|store|test-console)[\\/]|[\\/]src[\\/]features[\\/](?!marketing[\\/])[^\\/]+[\\/]pages[\\/]/;

/**
 * The most JavaScript (KiB, compressed as the server sends it: brotli) a public page loads: its
 * plain script and whatever that imports statically. The Feedback dialog, loaded on first use by
 * signed-in visitors, is not part of it. Measured: 2.8 KiB
 * (docs/decisions/025-public-pages-without-hydration.md); the issue's ceiling is 50, and past
 * it the build fails.
 */
const PUBLIC_JS_BUDGET_KIB = 50;

/**
 * The console's first load (KiB, brotli): the app's entry and the chunks it imports statically
 * (React, the router, TanStack Query, zod, the shell), before the page's own chunk. Set about
 * 10% above what it measured (129.5 KiB), so that growth is a decision, not an accident.
 */
const CONSOLE_FIRST_LOAD_BUDGET_KIB = 142;

/** A chunk's size as a browser receives it. */
function compressedSizes(code) {
  return {
    size: Buffer.byteLength(code),
    gzip: gzipSync(code, { level: 9 }).length,
    br: brotliCompressSync(code, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  };
}

/** A Vite plugin that notes every chunk of a build in `into`: its modules and sizes. */
function chunkReport(into) {
  return {
    name: "hybridge:chunk-report",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        into.set(file.fileName, {
          fileName: file.fileName,
          isEntry: file.isEntry,
          facadeModuleId: file.facadeModuleId,
          imports: file.imports,
          moduleIds: file.moduleIds,
          moduleSizes: Object.fromEntries(
            Object.entries(file.modules).map(([id, info]) => [id, info.renderedLength]),
          ),
          ...compressedSizes(file.code),
        });
      }
    },
  };
}

// 1. Client bundle, remembering which modules went into which chunk. Two entries: the app
// (index.html) and the Feedback dialog for the public pages (src/app/feedback-island.tsx).
const chunks = new Map();
await build({
  root: webDir,
  logLevel: "warn",
  build: {
    outDir,
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        index: path.join(webDir, "index.html"),
        "feedback-island": path.join(webDir, "src/app/feedback-island.tsx"),
      },
      // The island is imported for its `openFeedback` (an app build drops entries' exports).
      preserveEntrySignatures: "exports-only",
    },
  },
  plugins: [chunkReport(chunks)],
});

// 5 (first, so that the pages can name it). The public pages' plain script, on its own: no
// React plugin, no chunk groups, nothing shared with the app.
const publicChunks = new Map();
await build({
  root: webDir,
  configFile: false,
  logLevel: "warn",
  // vite.config.ts's alias, which this build does not read.
  resolve: { alias: { "@": path.join(webDir, "src") } },
  build: {
    outDir,
    emptyOutDir: false,
    copyPublicDir: false,
    modulePreload: false,
    rolldownOptions: {
      input: { public: path.join(webDir, "src/public/main.ts") },
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/public-[name]-[hash].js",
      },
    },
  },
  plugins: [chunkReport(publicChunks)],
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

// 7. Brotli and gzip copies for the server to send as they are (not pages.json: the server's).
const compressed = await precompress(outDir, { skip: ["pages.json"] });
const total = (key) => compressed.reduce((sum, file) => sum + file[key], 0);
console.log(
  `pre-compressed ${compressed.length} files: ${kib(total("size"))} KiB, ${kib(total("br"))} KiB brotli, ${kib(total("gzip"))} KiB gzip`,
);

async function prerender(server) {
  const template = await readFile(path.join(outDir, "index.html"), "utf8");
  await writeFile(path.join(outDir, "app.html"), template);

  const appEntry = [...chunks.values()].find(
    (chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith("/index.html"),
  );
  const island = [...chunks.values()].find(
    (chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith("/src/app/feedback-island.tsx"),
  );
  const publicEntry = [...publicChunks.values()].find((chunk) => chunk.isEntry);
  if (!appEntry || !island || !publicEntry) {
    throw new Error("prerender: the builds lack the app, feedback-island or public entry");
  }

  // The app's stylesheet, written into each public page (below).
  const stylesheet = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)">/.exec(template)?.[1];
  if (!stylesheet) throw new Error("prerender: index.html links no stylesheet");
  const css = await readFile(path.join(outDir, stylesheet), "utf8");

  const pages = {};
  for (const { path: pagePath, meta } of server.prerenderedPages) {
    const { html, status } = await server.render(pagePath);
    if (status !== 200) throw new Error(`prerender: ${pagePath} rendered with status ${status}`);
    const file = pagePath === "/" ? "index.html" : `${pagePath.slice(1)}/index.html`;
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    let page = fillTemplate(template, {
      html,
      meta,
      script: publicEntry.fileName,
      feedbackModule: island.fileName,
      css,
    });
    // The server writes its address into the pages that show it (/docs: the install command),
    // and sends the others as built, with their compressed copies: those lose the mark.
    if (!html.includes(SERVER_ADDRESS_MARK)) page = page.replace(SERVER_ADDRESS_META_TAG, "");
    await writeFile(path.join(outDir, file), page);
    pages[pagePath] = file;
  }

  await writeFile(
    path.join(outDir, "pages.json"),
    `${JSON.stringify({ shell: "app.html", pages, routes: server.routePathList() }, null, 2)}\n`,
  );

  checkBudgets({ appEntry, publicEntry, pagePaths: Object.keys(pages) });
}

/** What a first load weighs: the chunks and their sizes. */
function firstLoadOf(fileName, from) {
  const files = closure(fileName, from);
  const sum = (key) => files.reduce((total, name) => total + (from.get(name)?.[key] ?? 0), 0);
  return { files, size: sum("size"), gzip: sum("gzip"), br: sum("br") };
}

function kib(bytes) {
  return (bytes / 1024).toFixed(1);
}

function checkBudgets({ appEntry, publicEntry, pagePaths }) {
  const failures = [];

  // The public pages: the plain script alone, no npm package, no console code.
  const publicLoad = firstLoadOf(publicEntry.fileName, publicChunks);
  const modules = publicLoad.files.flatMap((name) => publicChunks.get(name)?.moduleIds ?? []);
  const foreign = modules.filter((id) => /node_modules/.test(id) || CONSOLE_CODE.test(id));
  if (foreign.length > 0) {
    failures.push(
      `the public pages' script holds npm or console code:\n    ${foreign.join("\n    ")}`,
    );
  }
  console.log(
    `public pages (${pagePaths.join(" ")}): ${publicLoad.files.length} JS file(s), ${kib(publicLoad.size)} KiB, ${kib(publicLoad.br)} KiB brotli, ${kib(publicLoad.gzip)} KiB gzip (budget ${PUBLIC_JS_BUDGET_KIB} brotli)`,
  );
  if (publicLoad.br / 1024 > PUBLIC_JS_BUDGET_KIB) {
    failures.push(
      `public pages: ${kib(publicLoad.br)} KiB brotli, budget ${PUBLIC_JS_BUDGET_KIB} KiB`,
    );
  }
  if (verbose) printOrigins(publicLoad.files, publicChunks);

  // The console: the app's entry and its static imports.
  const consoleLoad = firstLoadOf(appEntry.fileName, chunks);
  console.log(
    `console first load: ${consoleLoad.files.length} JS files, ${kib(consoleLoad.size)} KiB, ${kib(consoleLoad.br)} KiB brotli, ${kib(consoleLoad.gzip)} KiB gzip (budget ${CONSOLE_FIRST_LOAD_BUDGET_KIB} brotli)`,
  );
  if (consoleLoad.br / 1024 > CONSOLE_FIRST_LOAD_BUDGET_KIB) {
    failures.push(
      `console first load: ${kib(consoleLoad.br)} KiB brotli, budget ${CONSOLE_FIRST_LOAD_BUDGET_KIB} KiB`,
    );
  }
  if (verbose) printOrigins(consoleLoad.files, chunks);

  if (failures.length > 0) {
    throw new Error(
      `build: over budget (PUBLIC_JS_BUDGET_KIB, CONSOLE_FIRST_LOAD_BUDGET_KIB in scripts/build.mjs; run with --report to see where the bytes come from):\n  ${failures.join("\n  ")}`,
    );
  }
}

/** Where the first load's bytes come from: npm packages and our source folders. */
function printOrigins(files, from) {
  const sizes = new Map();
  for (const name of files) {
    for (const [id, size] of Object.entries(from.get(name)?.moduleSizes ?? {})) {
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
function closure(fileName, from, seen = new Set()) {
  if (seen.has(fileName)) return [];
  seen.add(fileName);
  const chunk = from.get(fileName);
  return [fileName, ...(chunk?.imports ?? []).flatMap((name) => closure(name, from, seen))];
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

function fillTemplate(template, { html, meta, script, feedbackModule, css }) {
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
  // The stylesheet in the page: no render-blocking request before the first paint (9 KiB
  // brotli; the CSP allows inline styles). The console's pages link the file, cached.
  out = replaceOnce(
    out,
    /<link rel="stylesheet"[^>]*>/,
    `<style>${css.replaceAll("</", "<\\/")}</style>`,
  );
  // No app: the page's plain script instead of the app's entry and its preloads
  // (docs/decisions/025-public-pages-without-hydration.md).
  out = replaceOnce(out, /\s*<script type="module"[^>]*src="\/assets\/index-[^"]+"><\/script>/, "");
  out = out.replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  out = replaceOnce(
    out,
    /<\/head>/,
    `  <script type="module" src="/${script}" data-feedback-module="/${feedbackModule}"></script>\n  </head>`,
  );
  // The page reads without JavaScript: the "needs JavaScript" notice is for the shell only.
  out = replaceOnce(out, /\s*<noscript>[\s\S]*?<\/noscript>/, "");
  return replaceOnce(out, /<div id="root"><\/div>/, `<div id="root">${html}</div>`);
}
