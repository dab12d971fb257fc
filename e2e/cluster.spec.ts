import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { DATA_API_PATH } from "@hybridge/shared/data/protocol";
import type { BrowserContext, Page } from "playwright-core";
import postgres from "postgres";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "../apps/server/test/redis-server";
import { startS3Server } from "../apps/server/test/s3-server";
import { useBrowser } from "./support/browser";
import { type Nginx, startNginx } from "./support/nginx";
import { type E2eServer, freePort, startServer } from "./support/server";
import { createConsoleProject, revealDatabaseKey } from "./support/test-console";
import { signInContext, signUpViaApi, uniqueEmail, uniquePassword } from "./support/users";

/**
 * Issue 15: three instances of the production build on one PostgreSQL database, one
 * S3-compatible store (s3rver) and one Redis, behind Debian's nginx (deploy/nginx.conf,
 * round-robin). One is stopped gracefully (SIGTERM), then another killed (SIGKILL); the third
 * serves what the others left. Needs PostgreSQL (TEST_DATABASE_URL, as CI sets it); skipped
 * without.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("instances behind nginx", () => {
  const browser = useBrowser();
  const cleanups: (() => Promise<unknown>)[] = [];
  let a: E2eServer;
  let b: E2eServer;
  let c: E2eServer;
  let nginx: Nginx;
  let sql: postgres.Sql;
  let databaseKey: string;
  let context: BrowserContext;

  const upstreamOf = (server: E2eServer) => `127.0.0.1:${new URL(server.baseUrl).port}`;
  const servedBy = (response: Response) => response.headers.get("x-upstream");
  const data = (collection: string, rest = "documents") =>
    `${DATA_API_PATH}/collections/${collection}/${rest}`;
  const addDocument = (base: string, collection: string, body: Record<string, unknown>) =>
    fetch(`${base}${data(collection)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${databaseKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });

  /**
   * The page subscribes to a collection's events through `base` (an EventSource, as the SDK's
   * db.watch); what it received so far: `ready`, then each added document's text.
   */
  async function subscribe(page: Page, base: string, collection: string) {
    const url = `${base}${data(collection, "events")}?key=${encodeURIComponent(databaseKey)}`;
    await page.evaluate((events) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const source = new EventSource(events);
      source.addEventListener("ready", () => seen.push("ready"));
      source.addEventListener("document-added", (event) => {
        seen.push((JSON.parse((event as MessageEvent).data) as { text: string }).text);
      });
    }, url);
    return () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  }

  beforeAll(async () => {
    if (!adminUrl) return;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const name = `hybridge_cluster_${randomBytes(6).toString("hex")}`;
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    cleanups.push(async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    });
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${name}`;
    sql = postgres(databaseUrl.toString(), { max: 2, onnotice: () => {} });
    cleanups.push(() => sql.end({ timeout: 5 }));

    const [s3, redis, nginxPort] = await Promise.all([
      startS3Server(),
      startRedisServer(),
      freePort(),
    ]);
    cleanups.push(s3.close, redis.close);
    const env = {
      DATABASE_URL: databaseUrl.toString(),
      ...s3.env,
      REDIS_URL: redis.url,
      // Every instance signs sessions and encrypts keys with the same secret.
      SECRET: randomBytes(32).toString("hex"),
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      // One proxy in front (the documented setting, decision 034).
      TRUST_PROXY: "1",
      BUILD_AGENT: "off",
      SEED_STORE: "false",
      DATA_RATE_LIMIT_PER_MINUTE: "100000",
    };
    // Started together: the migrations take turns under their advisory lock. The third trusts
    // nginx by its address, which is the client's too (everything runs on 127.0.0.1): there,
    // only nginx replacing the client's X-Forwarded-For keeps the client from naming itself.
    [a, b, c] = await Promise.all([
      startServer(env),
      startServer(env),
      startServer({ ...env, TRUST_PROXY: "127.0.0.1" }),
    ]);
    cleanups.push(a.stop, b.stop, c.stop);
    nginx = await startNginx({ upstreams: [a, b, c].map(upstreamOf), port: nginxPort });
    cleanups.push(nginx.stop);

    // A user signed in through the balancer, with a project and its database key.
    ({ context } = await browser.newPage({ origin: nginx.url }));
    const user = await signUpViaApi(nginx.url, uniqueEmail(), uniquePassword());
    await signInContext(context, nginx.url, user.email, user.password);
    const project = await createConsoleProject(context, { base: nginx.url });
    databaseKey = await revealDatabaseKey(context, project.id, nginx.url);
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it("keeps a session signed in through the balancer valid on each instance", async () => {
    const { cookies } = await context.storageState();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    for (const server of [a, b, c]) {
      const response = await fetch(`${server.baseUrl}/api/projects`, { headers: { cookie } });
      expect(response.status).toBe(200);
    }
  });

  it("stores a file through one instance in S3 and serves it through the other", async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#0e904d" },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("data", JSON.stringify({ caption: "across instances" }));
    form.set("file", new Blob([png], { type: "image/png" }), "photo.png");
    const upload = await fetch(`${nginx.url}${data("photos", "documents/file")}`, {
      method: "POST",
      headers: { authorization: `Bearer ${databaseKey}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const uploadedOn = servedBy(upload);
    const { fileUrl } = (await upload.json()) as { fileUrl: string };
    const filePath = new URL(fileUrl).pathname;

    // Round-robin: the next requests go to the other instance.
    let download: Response | undefined;
    for (let i = 0; i < 4 && (!download || servedBy(download) === uploadedOn); i += 1) {
      download = await fetch(`${nginx.url}${filePath}`);
    }
    expect(download && servedBy(download)).not.toBe(uploadedOn);
    expect(download?.status).toBe(200);
    expect(download?.headers.get("content-type")).toBe("image/png");
    const served = Buffer.from(await (download as Response).arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ format: "png", width: 64, height: 48 });
    // The same bytes from each instance, and none of them on either instance's disk.
    for (const server of [a, b, c]) {
      const direct = await fetch(`${server.baseUrl}${filePath}`);
      expect(Buffer.from(await direct.arrayBuffer()).equals(served)).toBe(true);
      const files = await readdir(path.join(server.dataDir, "files")).catch(() => []);
      expect(files).toEqual([]);
    }
  });

  it("sends a change made on one instance to a page subscribed on the other", async () => {
    const { page } = await browser.newPage({ origin: b.baseUrl });
    await page.goto(b.baseUrl);
    const seen = await subscribe(page, b.baseUrl, "notes");
    await expect.poll(seen).toContain("ready");

    const added = await addDocument(a.baseUrl, "notes", { text: "written on A" });
    expect(added.status).toBe(201);
    await expect.poll(seen).toContain("written on A");
  });

  it("counts a rate limit once for every instance (Redis), whatever X-Forwarded-For the client sends", async () => {
    // GET /api/v1/apps/:appKey allows 60 requests a minute per address: 20 on each instance.
    // The client names another address in X-Forwarded-For every time: nginx replaces it.
    const spoofing = (i: number) => ({
      "x-forwarded-for": `198.51.100.${i % 250}, 203.0.113.${i}`,
    });
    const upstreams = new Set<string | null>();
    for (let i = 0; i < 60; i += 1) {
      const response = await fetch(`${nginx.url}/api/v1/apps/no-such-app`, {
        headers: spoofing(i),
      });
      expect(response.status).toBe(404);
      upstreams.add(servedBy(response));
    }
    expect(upstreams).toEqual(new Set([a, b, c].map(upstreamOf)));
    for (let i = 60; i < 63; i += 1) {
      // Whichever instance answers.
      const refused = await fetch(`${nginx.url}/api/v1/apps/no-such-app`, {
        headers: spoofing(i),
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBeTruthy();
    }
  });

  it("moves a browser's event stream to another instance when its instance stops (SIGTERM)", async () => {
    // A blank page that sends nothing through nginx but its stream (the data API allows any
    // origin, as an app's WebView needs), so that the instance of nginx's next request is known.
    const { page } = await browser.newPage({ origin: nginx.url });
    // Round-robin over a, b, c: after an answer from a, the next request goes to b.
    for (let i = 0; i < 3; i += 1) {
      const probe = await fetch(`${nginx.url}/api/health/live`);
      if (servedBy(probe) === upstreamOf(a)) break;
    }
    const seen = await subscribe(page, nginx.url, "moves");
    await expect.poll(seen).toEqual(["ready"]);
    expect((await addDocument(b.baseUrl, "moves", { text: "before" })).status).toBe(201);
    await expect.poll(seen).toEqual(["ready", "before"]);

    // b drains: its stream ends with a retry hint, the browser reconnects through nginx to a
    // running instance (a second ready), and the process exits 0.
    await b.stop();
    expect(b.exitCode()).toBe(0);
    await expect.poll(seen, { timeout: 15_000 }).toEqual(["ready", "before", "ready"]);
    expect((await addDocument(a.baseUrl, "moves", { text: "after" })).status).toBe(201);
    await expect.poll(seen).toEqual(["ready", "before", "ready", "after"]);
  });

  it("loses no acknowledged write when an instance is killed under load; retries land on the other", async () => {
    const acknowledged: string[] = [];
    const retried: (string | null)[] = [];
    const failed: string[] = [];
    let stop = false;
    const writer = async (worker: number) => {
      for (let n = 0; !stop; n += 1) {
        let done = false;
        for (let attempt = 0; attempt < 10 && !done; attempt += 1) {
          try {
            const response = await addDocument(nginx.url, "load", { worker, n });
            if (response.status === 201) {
              acknowledged.push(((await response.json()) as { id: string }).id);
              if (attempt > 0) retried.push(servedBy(response));
              done = true;
            } else if (response.status < 500) {
              failed.push(`${response.status} ${await response.text()}`);
              return;
            }
          } catch {
            // The connection broke: retried like a 502.
          }
          if (!done) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        if (!done) failed.push(`worker ${worker} write ${n}: no attempt succeeded`);
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = acknowledged.length;
    await a.kill();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    stop = true;
    await writers;

    expect(failed).toEqual([]);
    expect(before).toBeGreaterThan(10);
    expect(acknowledged.length).toBeGreaterThan(before);
    // Every write a client was told succeeded is in the database.
    const stored = await sql<{ id: string }[]>`
      select id from documents where collection = 'load' and id in ${sql(acknowledged)}`;
    expect(new Set(stored.map((row) => row.id))).toEqual(new Set(acknowledged));
    // A retry is served by the instance still running.
    for (const upstream of retried) expect(upstream).toBe(upstreamOf(c));
    console.info(
      `cluster: ${acknowledged.length} writes acknowledged (${before} before the kill), ${retried.length} after a retry`,
    );
  });

  it("keeps database keys and reset tokens out of nginx's access log", async () => {
    const token = `Tok3n${randomBytes(8).toString("hex")}`;
    await fetch(`${nginx.url}/api/auth/reset-password/${token}?callbackURL=%2Fchange-password`, {
      redirect: "manual",
    });
    // The password page's address holds the token, and so does its assets' Referer.
    await fetch(`${nginx.url}/change-password?token=${token}`, {
      headers: { referer: `${nginx.url}/change-password?token=${token}` },
    });
    await expect
      .poll(async () => (await nginx.accessLog()).includes('"GET /change-password HTTP/1.1"'))
      .toBe(true);
    const log = await nginx.accessLog();
    // The stream moved by the SIGTERM above was opened with ?key=: its line has the path only.
    expect(log).toContain(`"GET ${data("moves", "events")} HTTP/1.1" 200`);
    expect(log).toContain('"GET /api/auth/reset-password/[redacted] HTTP/1.1"');
    expect(log).not.toContain(databaseKey.slice("hb_test_".length));
    expect(log).not.toContain(token);
    expect(log).not.toContain("key=");
  });
});
