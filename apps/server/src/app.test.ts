import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/test-app";
import { buildApp } from "./app";
import { loadConfig } from "./platform/config";
import type { Database } from "./platform/db/client";

let database: Database;
let dir: string;
/** Serves a full web build: pre-rendered pages, the shell, pages.json. */
let app: Awaited<ReturnType<typeof buildApp>>;
/** Serves a plain `vite build` (no pre-rendering): index.html for every page path. */
let spaApp: Awaited<ReturnType<typeof buildApp>>;

const SHELL = "<!doctype html><title>Hybridge</title><div id=root></div>";
const page = (lang: string, title: string, body: string) =>
  `<!doctype html><html lang="${lang}"><title>${title}</title><div id=root><h1>${body}</h1></div>`;

function writeWebBuild(web: string, prerendered: boolean) {
  mkdirSync(path.join(web, "assets"), { recursive: true });
  writeFileSync(path.join(web, "assets", "app-1234.js"), "console.log(1)");
  if (!prerendered) {
    writeFileSync(path.join(web, "index.html"), SHELL);
    return;
  }
  mkdirSync(path.join(web, "fr"));
  mkdirSync(path.join(web, "docs"));
  writeFileSync(path.join(web, "index.html"), page("en", "Hybridge · Landing", "Landing EN"));
  writeFileSync(path.join(web, "fr", "index.html"), page("fr", "Hybridge · Accueil", "Accueil FR"));
  writeFileSync(path.join(web, "docs", "index.html"), page("en", "Documentation", "Docs page"));
  writeFileSync(path.join(web, "app.html"), SHELL);
  writeFileSync(
    path.join(web, "pages.json"),
    JSON.stringify({
      shell: "app.html",
      pages: { "/": "index.html", "/fr": "fr/index.html", "/docs": "docs/index.html" },
      routes: ["/", "/fr", "/docs", "/login", "/project/:id", "/store/module/:moduleId"],
    }),
  );
}

async function appServing(web: string) {
  const config = loadConfig({
    DATA_DIR: dir,
    WEB_DIST_DIR: web,
    SECRET: "x".repeat(40),
    LOG_LEVEL: "silent",
  });
  return buildApp({ config, database, serveWeb: true });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "hybridge-app-"));
  writeWebBuild(path.join(dir, "web"), true);
  writeWebBuild(path.join(dir, "web-spa"), false);
  database = await openTestDatabase();
  app = await appServing(path.join(dir, "web"));
  spaApp = await appServing(path.join(dir, "web-spa"));
});
afterAll(async () => {
  await app?.close();
  await spaApp?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

function expectHtmlWithStrictCsp(res: Awaited<ReturnType<typeof app.inject>>, url: string) {
  expect(res.headers["content-type"], url).toContain("text/html");
  expect(res.headers["cache-control"], url).toBe("no-cache");
  const csp = String(res.headers["content-security-policy"]);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
}

describe("the server", () => {
  it("serves each pre-rendered page its own HTML, with a strict CSP", async () => {
    const cases = [
      ["/", "Landing EN"],
      ["/fr", "Accueil FR"],
      ["/fr/", "Accueil FR"],
      ["/fr?utm_source=mail", "Accueil FR"],
      ["/docs", "Docs page"],
    ] as const;
    for (const [url, content] of cases) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expectHtmlWithStrictCsp(res, url);
      expect(res.body, url).toContain(`<h1>${content}</h1>`);
    }
    expect((await app.inject({ url: "/fr" })).body).toContain('<html lang="fr">');
    const head = await app.inject({ method: "HEAD", url: "/fr" });
    expect(head.statusCode).toBe(200);
  });

  it("serves the app shell for the app's other routes, and 404 with the shell for unknown paths", async () => {
    for (const url of ["/login", "/project/abc", "/store/module/a%2Fb", "/login?next=1"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expectHtmlWithStrictCsp(res, url);
      expect(res.body, url).toBe(SHELL);
    }
    for (const url of ["/no/such/page", "/project", "/project/abc/extra", "/fr/nope"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expectHtmlWithStrictCsp(res, url);
      // The client router answers it: 'Not found', inside the layout.
      expect(res.body, url).toBe(SHELL);
    }
  });

  it("answers the build's HTML files under their own paths like any unknown path", async () => {
    for (const url of [
      "/index.html",
      "/fr/index.html",
      "/docs/index.html",
      "/app.html",
      "/APP.HTML",
      "/index.html?x=1",
      "/no-such.html",
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expectHtmlWithStrictCsp(res, url);
      // The empty shell, never a pre-rendered page the client would hydrate under a wrong path.
      expect(res.body, url).toBe(SHELL);
    }
    const head = await app.inject({ method: "HEAD", url: "/fr/index.html" });
    expect(head.statusCode).toBe(404);
  });

  it("does not publish the build's page manifest", async () => {
    const res = await app.inject({ url: "/pages.json" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("app.html");
  });

  it("serves index.html for every page path of a build without pre-rendered pages", async () => {
    for (const url of ["/", "/login", "/store/module/abc", "/no/such/page"]) {
      const res = await spaApp.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expectHtmlWithStrictCsp(res, url);
      expect(res.body).toBe(SHELL);
    }
  });

  it("caches hashed assets for a year and answers a missing file with 404", async () => {
    const asset = await app.inject({ url: "/assets/app-1234.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    const missing = await app.inject({ url: "/assets/missing.js" });
    expect(missing.statusCode).toBe(404);
  });

  it("answers unknown API paths and broken bodies in the one error shape", async () => {
    const unknown = await app.inject({ url: "/api/nothing-here" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: "NOT_FOUND", message: "Not found" });
    const unknownPost = await app.inject({ method: "POST", url: "/fr" });
    expect(unknownPost.statusCode).toBe(404);
    expect(unknownPost.json()).toEqual({ code: "NOT_FOUND", message: "Not found" });

    const broken = await app.inject({
      method: "POST",
      url: "/api/account/password-reset",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json()).sort()).toEqual(["code", "message"]);
  });
});
