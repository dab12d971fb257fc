import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/test-app";
import { buildApp } from "../app";
import { COMPRESS_THRESHOLD_BYTES, registerCompression } from "./compression";
import { loadConfig } from "./config";
import type { Database } from "./db/client";

const bigItems = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Project number ${i}` }));

describe("dynamic compression", () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerCompression(app);
    app.get("/big", async () => ({ items: bigItems }));
    app.get("/small", async () => ({ ok: true }));
    app.get("/stream", async (_request, reply) =>
      reply
        .type("text/event-stream")
        .send(Readable.from(["event: ready\ndata: null\n\n".repeat(100)])),
    );
    app.get("/file", async (_request, reply) =>
      reply.type("image/png").send(Buffer.alloc(4096, 1)),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it("compresses JSON above the threshold with brotli, saying it varies by Accept-Encoding", async () => {
    const res = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip, br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify({ items: bigItems }).length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual({
      items: bigItems,
    });

    const gzip = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const none = await app.inject({ url: "/big" });
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.json()).toEqual({ items: bigItems });
  });

  it("sends small JSON, event streams and binary files as they are", async () => {
    const headers = { "accept-encoding": "br, gzip" };
    const small = await app.inject({ url: "/small", headers });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
    const stream = await app.inject({ url: "/stream", headers });
    expect(stream.headers["content-type"]).toContain("text/event-stream");
    expect(stream.headers["content-encoding"]).toBeUndefined();
    expect(stream.body.startsWith("event: ready")).toBe(true);
    const file = await app.inject({ url: "/file", headers });
    expect(file.headers["content-encoding"]).toBeUndefined();
  });
});

describe("the web build's compressed copies", () => {
  let database: Database;
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const script = `console.log(${JSON.stringify("Hybridge ".repeat(300))});`;
  const landing = `<!doctype html><html lang="en"><title>Landing</title><meta name="hybridge-server" content="__HYBRIDGE_SERVER__"><h1>${"Landing ".repeat(200)}</h1><code>npx __HYBRIDGE_SERVER__/cli/create-hybridge.tgz</code>`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "hybridge-compression-"));
    const web = path.join(dir, "web");
    mkdirSync(path.join(web, "assets"), { recursive: true });
    const withCopies = (file: string, content: string) => {
      writeFileSync(file, content);
      writeFileSync(`${file}.br`, brotliCompressSync(content));
      writeFileSync(`${file}.gz`, gzipSync(content));
    };
    withCopies(path.join(web, "assets", "public-1234.js"), script);
    withCopies(path.join(web, "index.html"), landing);
    writeFileSync(path.join(web, "app.html"), "<!doctype html><div id=root></div>");
    writeFileSync(
      path.join(web, "pages.json"),
      JSON.stringify({ shell: "app.html", pages: { "/": "index.html" }, routes: ["/"] }),
    );
    database = await openTestDatabase();
    const config = loadConfig({
      DATA_DIR: dir,
      WEB_DIST_DIR: web,
      SECRET: "x".repeat(40),
      LOG_LEVEL: "silent",
      PUBLIC_URL: "https://hb.example",
    });
    app = await buildApp({ config, database, serveWeb: true });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends a hashed asset's brotli copy, its gzip copy or the file, cached for a year", async () => {
    const br = await app.inject({
      url: "/assets/public-1234.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({
      url: "/assets/public-1234.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");

    const plain = await app.inject({ url: "/assets/public-1234.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it("sends a pre-rendered page with the server's address in place of the mark, compressed, not cached, and never a copy by its own name", async () => {
    const page = await app.inject({ url: "/", headers: { "accept-encoding": "br" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(
      landing.replaceAll("__HYBRIDGE_SERVER__", "https://hb.example"),
    );

    const copy = await app.inject({ url: "/assets/public-1234.js.br" });
    expect(copy.statusCode).toBe(404);
  });
});
