import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { ErrorCodes, GenericTexts } from "@hybridge/shared/common/errors";
import { SERVER_ADDRESS_MARK } from "@hybridge/shared/projects/install-command";
import type { FastifyInstance, FastifyReply } from "fastify";

/** What the web build's pre-render step writes (apps/web/scripts/build.mjs). */
type PagesManifest = {
  /** The empty app shell, for every page without its own HTML. */
  shell: string;
  /** Page path → its pre-rendered HTML file, e.g. "/fr" → "fr/index.html". */
  pages: Record<string, string>;
  /** Every route pattern of the web app ("/project/:id"…); other paths answer 404. */
  routes: string[];
};

const MANIFEST_FILE = "pages.json";

function readManifest(webDistDir: string): PagesManifest | null {
  const file = path.join(webDistDir, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as PagesManifest;
  for (const name of [manifest.shell, ...Object.values(manifest.pages)]) {
    if (!existsSync(path.join(webDistDir, name))) {
      throw new Error(`web build: ${MANIFEST_FILE} names ${name}, which is missing`);
    }
  }
  return manifest;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** "/project/:id" → a test for raw paths: one non-empty segment per parameter. */
function routeMatcher(pattern: string): (pathname: string) => boolean {
  const expected = pattern.split("/");
  return (pathname) => {
    const actual = pathname.split("/");
    return (
      actual.length === expected.length &&
      expected.every((part, i) => (part.startsWith(":") ? actual[i] !== "" : part === actual[i]))
    );
  };
}

/**
 * The build's HTML files are answers, not addresses: /index.html, /fr/index.html or /app.html
 * asked for directly would show the shell or a page under a path the router does not know
 * ('Not found', and a hydration error for a pre-rendered one). They go through the page logic
 * like any other path instead (a 404 with the shell).
 */
const isHtmlFile = (pathname: string) => /\.html?$/i.test(pathname);

/** The path of a page request: no query, no trailing slash ("/fr/" is "/fr"). */
function pagePath(url: string): string {
  const pathname = url.split("?")[0] ?? "/";
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

/**
 * Serves the built web app from the same port as the API: hashed assets cached for a year, every
 * file and page in the build's brotli or gzip copy when the browser accepts it, and for a page
 * path:
 * - its pre-rendered HTML when the build wrote one (/, /fr, /docs…: readable without JavaScript,
 *   then enhanced by a few kB of plain script — docs/decisions/005-prerendering.md, 025);
 * - else the app shell, answered 200 for a path of the app's route list and 404 for any other
 *   path (the client router then shows 'Not found'), the build's own HTML files included.
 * A build without the pre-render manifest (a plain `vite build`) gets index.html for every page
 * path. Without a web build (API tests), every unknown path answers the JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string | null) {
  const hasWeb = webDistDir !== null && existsSync(path.join(webDistDir, "index.html"));
  if (webDistDir && !hasWeb) {
    app.log.warn({ webDistDir }, "web build not found: only the API is served");
  }
  const manifest = hasWeb && webDistDir ? readManifest(webDistDir) : null;
  const routes = (manifest?.routes ?? []).map(routeMatcher);

  // The HTML answers, read once, with this server's address in place of the build's mark (the
  // settings page and /docs show commands with it): sent from memory, compressed on the way
  // out like the API's answers.
  const address = escapeHtml(app.deps.config.publicUrl);
  const html = new Map<string, string>();
  if (hasWeb && webDistDir) {
    for (const name of new Set([
      "index.html",
      ...(manifest ? [manifest.shell, ...Object.values(manifest.pages)] : []),
    ])) {
      html.set(
        name,
        readFileSync(path.join(webDistDir, name), "utf8").replaceAll(SERVER_ADDRESS_MARK, address),
      );
    }
  }
  // Each page's brotli and gzip forms are made at its first request, then kept.
  const encoded = new Map<string, Buffer>();
  const sendHtml = (reply: FastifyReply, name: string) => {
    const text = html.get(name) ?? "";
    const accepted = String(reply.request.headers["accept-encoding"] ?? "");
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    reply.type("text/html; charset=utf-8").header("Vary", "Accept-Encoding");
    if (!encoding) return reply.send(text);
    const key = `${encoding} ${name}`;
    let body = encoded.get(key);
    if (!body) {
      body =
        encoding === "br"
          ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(text, { level: 9 });
      encoded.set(key, body);
    }
    return reply.header("Content-Encoding", encoding).send(body);
  };

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The manifest is for this file only.
      allowedPath: (pathname) => pathname !== `/${MANIFEST_FILE}`,
      // No route for the HTML files: they answer page paths (below), through sendFile. Nor for
      // the build's compressed copies (apps/web/scripts/precompress.mjs): they are sent in place
      // of their file to a browser that accepts them, with `Vary: Accept-Encoding`.
      globIgnore: ["**/*.html", "**/*.htm", "**/*.br", "**/*.gz"],
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          "Cache-Control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const isPage =
      hasWeb &&
      (request.method === "GET" || request.method === "HEAD") &&
      !pathname.startsWith("/api/") &&
      (!path.extname(pathname) || isHtmlFile(pathname));
    if (!isPage) {
      return reply.status(404).send({ code: ErrorCodes.NOT_FOUND, message: GenericTexts.notFound });
    }
    reply.header("Cache-Control", "no-cache");
    if (!manifest) return sendHtml(reply, "index.html");

    const page = pagePath(request.url);
    const prerendered = manifest.pages[page];
    if (prerendered) return sendHtml(reply, prerendered);
    if (!routes.some((matches) => matches(page))) reply.status(404);
    return sendHtml(reply, manifest.shell);
  });
}
