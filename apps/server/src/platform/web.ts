import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
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

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page's text, and its compressed forms made at its first request in each encoding (in zlib's
 * thread pool, not on the event loop), then kept.
 */
function fillPage(text: string) {
  const made = new Map<"br" | "gzip", Promise<Buffer>>();
  return {
    text,
    encoded(encoding: "br" | "gzip"): Promise<Buffer> {
      let body = made.get(encoding);
      if (!body) {
        body =
          encoding === "br"
            ? brotliAsync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
            : gzipAsync(text, { level: 9 });
        made.set(encoding, body);
      }
      return body;
    },
  };
}
type FilledPage = ReturnType<typeof fillPage>;

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

  // The pages that show this server's address (the build leaves its mark in them: /docs and
  // the app shell) are read once, with PUBLIC_URL in place of the mark, and sent from memory,
  // compressed at their first request. Every other page is sent as built, with the build's
  // compressed copies.
  const address = escapeHtml(app.deps.config.publicUrl);
  const filled = new Map<string, FilledPage>();
  if (hasWeb && webDistDir) {
    for (const name of new Set([
      "index.html",
      ...(manifest ? [manifest.shell, ...Object.values(manifest.pages)] : []),
    ])) {
      const text = readFileSync(path.join(webDistDir, name), "utf8");
      if (text.includes(SERVER_ADDRESS_MARK)) {
        filled.set(name, fillPage(text.replaceAll(SERVER_ADDRESS_MARK, address)));
      }
    }
  }
  const sendPage = async (reply: FastifyReply, name: string) => {
    const page = filled.get(name);
    if (!page) return reply.sendFile(name);
    const accepted = String(reply.request.headers["accept-encoding"] ?? "");
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    reply.type("text/html; charset=utf-8").header("Vary", "Accept-Encoding");
    if (!encoding) return reply.send(page.text);
    return reply.header("Content-Encoding", encoding).send(await page.encoded(encoding));
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
    if (!manifest) return sendPage(reply, "index.html");

    const page = pagePath(request.url);
    const prerendered = manifest.pages[page];
    if (prerendered) return sendPage(reply, prerendered);
    if (!routes.some((matches) => matches(page))) reply.status(404);
    return sendPage(reply, manifest.shell);
  });
}
