import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type MainProcess, readEventStream, startMainProcess } from "../test/main-process";
import { multipart } from "../test/multipart";
import { createPostgresTestDatabase } from "../test/test-app";

/**
 * Every credential a full journey creates stays out of what the real server process prints
 * (decision 034): a password, a session, a project's database key (old and new), event streams
 * opened with `?key=`, refusals with wrong keys and tokens in the query and in headers, a deploy
 * token, a build machine's token, a reset mail's token, a new password — with every request
 * logged as slow, at the most verbose level, and a SIGTERM while a stream is open. A display
 * prefix (the mark and 4 characters, shown in the console) is not a secret.
 */

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const random = (length: number) => randomBytes(length).toString("base64url").slice(0, length);

async function startServer(
  env: Record<string, string>,
): Promise<MainProcess & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hybridge-secrets-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database: Record<string, string> = {};
  if (process.env.TEST_DATABASE_URL) {
    const { url, drop } = await createPostgresTestDatabase();
    cleanups.push(drop);
    database.DATABASE_URL = url;
  }
  const server = await startMainProcess({
    DATA_DIR: dataDir,
    SECRET: `secrets-test-${random(40)}`,
    SEED_STORE: "false",
    BUILD_AGENT: "off",
    ...database,
    ...env,
  });
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  });
  return { ...server, dataDir };
}

/** The link of the newest mail in the outbox that `pattern` finds (quoted-printable undone). */
function linkIn(dataDir: string, pattern: RegExp): string {
  const outbox = path.join(dataDir, "mail");
  const [newest] = readdirSync(outbox).sort().reverse();
  const eml = readFileSync(path.join(outbox, newest as string), "utf8")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=");
  const link = pattern.exec(eml)?.[0];
  if (!link) throw new Error(`no link in:\n${eml}`);
  return link;
}

describe("the server's logs", () => {
  it("hold none of the secrets of a full journey, through a SIGTERM with a stream open", async () => {
    const email = `secrets-${random(6).toLowerCase()}@example.test`;
    const server = await startServer({
      LOG_LEVEL: "trace",
      // Every request is a slow request: each one is written with its address.
      SLOW_REQUEST_MS: "1",
      ADMIN_EMAILS: email,
    });
    const { origin } = server;
    const secrets: Record<string, string> = {};
    const json = { origin, "content-type": "application/json" };

    // An account, with its password and its session.
    secrets.password = `pw-${random(20)}`;
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password: secrets.password, name: "Secret Keeper" }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const cookie = (signUp.headers.getSetCookie()[0] ?? "").split(";")[0] as string;
    secrets.session = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] as string;
    expect(secrets.session.length).toBeGreaterThan(16);
    const signedIn = { ...json, cookie };

    // An admin address: the verification mail's link, followed while signed in (decision 032).
    const verify = linkIn(server.dataDir, /https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<>]+/);
    secrets.verifyToken = new URL(verify).searchParams.get("token") as string;
    expect(secrets.verifyToken.length).toBeGreaterThan(16);
    const verified = await fetch(verify.replace(/^https?:\/\/[^/]+/, origin), {
      headers: { cookie },
      redirect: "manual",
    });
    expect(verified.headers.get("location")).toMatch(/\?result=verified$/);

    // A project, its database key, then a new one.
    const form = multipart(
      Object.entries({
        name: "Secret Café",
        keyApp: `secrets-${random(6)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "x")}`,
        description: "Its keys stay out of the logs.",
        segment: "food",
        navBarType: "footer",
        color: "#0E904D",
        statusbar: "#FFFFFF",
      }).map(([name, value]) => ({ name, value })),
    );
    const created = await fetch(`${origin}/api/projects`, {
      method: "POST",
      headers: { ...form.headers, origin, cookie },
      body: form.payload,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const projectId = ((await created.json()) as { project: { id: string } }).project.id;
    const settings = await fetch(`${origin}/api/projects/${projectId}/settings`, {
      headers: signedIn,
    });
    secrets.firstKey = (
      (await settings.json()) as { settings: { databaseKey: string } }
    ).settings.databaseKey;
    expect(secrets.firstKey).toMatch(/^hb_test_[A-Za-z0-9]{43}$/);
    const regenerated = await fetch(`${origin}/api/projects/${projectId}/settings/database-key`, {
      method: "POST",
      headers: { origin, cookie },
    });
    secrets.key = (
      (await regenerated.json()) as { settings: { databaseKey: string } }
    ).settings.databaseKey;
    expect(secrets.key).toMatch(/^hb_test_[A-Za-z0-9]{43}$/);

    // The apps' calls: a document, an event stream with ?key= (open until the shutdown).
    const documents = `${origin}/api/v1/db/collections/notes/documents`;
    const added = await fetch(documents, {
      method: "POST",
      headers: { authorization: `Bearer ${secrets.key}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "hello" }),
    });
    expect(added.status).toBe(201);
    const events = `${origin}/api/v1/db/collections/notes/events`;
    const stream = readEventStream(`${events}?key=${secrets.key}`);
    await stream.ready;

    // Refusals: the old key, made-up keys and tokens, in the query and in headers.
    secrets.madeUpKey = `hb_test_${random(43)}`;
    secrets.madeUpToken = random(32);
    const refusals: Array<[string, RequestInit]> = [
      [`${events}?key=${secrets.firstKey}`, {}],
      [`${events}?key=${secrets.madeUpKey}`, {}],
      [`${documents}?key=${secrets.key}`, {}],
      [documents, { headers: { authorization: `Bearer ${secrets.firstKey}` } }],
      [`${origin}/api/v1/deploy?token=${secrets.madeUpToken}`, { method: "POST" }],
      [`${origin}/api/projects?password=${secrets.password}&secret=${secrets.madeUpToken}`, {}],
    ];
    for (const [url, init] of refusals) {
      const refused = await fetch(url, init);
      expect(refused.status, url).toBeGreaterThanOrEqual(400);
    }

    // A deploy token, used once on a deploy without its bundle (refused after the token passed).
    const tokenCreated = await fetch(`${origin}/api/projects/${projectId}/deploy-tokens`, {
      method: "POST",
      headers: signedIn,
      body: JSON.stringify({ name: "CI" }),
    });
    expect(tokenCreated.status).toBe(201);
    secrets.deployToken = ((await tokenCreated.json()) as { secret: string }).secret;
    const empty = multipart([{ name: "note", value: "no bundle" }]);
    const deploy = await fetch(`${origin}/api/v1/deploy`, {
      method: "POST",
      headers: { ...empty.headers, authorization: `Bearer ${secrets.deployToken}` },
      body: empty.payload,
    });
    expect(deploy.status).toBe(400);
    await fetch(`${origin}/api/v1/deploy?token=${secrets.deployToken}`, { method: "POST" });

    // An admin's build machine, and its token used and misused.
    const machine = await fetch(`${origin}/api/admin/agents`, {
      method: "POST",
      headers: signedIn,
      body: JSON.stringify({ name: "Secret builder", platforms: ["android"] }),
    });
    expect(machine.status, await machine.clone().text()).toBe(201);
    secrets.agentToken = ((await machine.json()) as { token: string }).token;
    const claim = await fetch(`${origin}/api/agents/claim`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${secrets.agentToken}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ platforms: ["android"] }),
    });
    expect(claim.status).toBe(204);
    await fetch(`${origin}/api/agents/claim?token=${secrets.agentToken}`, { method: "POST" });

    // A password reset: the mail's token, its link followed, a new password.
    const reset = await fetch(`${origin}/api/account/password-reset`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email }),
    });
    expect(reset.status).toBe(200);
    const link = linkIn(server.dataDir, /https?:\/\/\S+\/reset-password\/[^\s"<>]+/);
    secrets.resetToken = /\/reset-password\/([^?/]+)/.exec(link)?.[1] as string;
    expect(secrets.resetToken.length).toBeGreaterThan(8);
    const followed = await fetch(link.replace(/^https?:\/\/[^/]+/, origin), {
      redirect: "manual",
    });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toContain(`token=${secrets.resetToken}`);
    secrets.newPassword = `pw-${random(20)}`;
    const changed = await fetch(`${origin}/api/account/password`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        token: secrets.resetToken,
        newPassword: secrets.newPassword,
        confirmPassword: secrets.newPassword,
      }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);

    // Shutdown with the stream open: its slow-request line is written as it ends.
    server.child.kill("SIGTERM");
    expect(await stream.ended).toMatch(/^retry: \d+$/m);
    expect(await server.exited, server.output()).toBe(0);

    const output = server.output();
    // The lines are there (what they say, without the secrets)…
    expect(output).toContain("/api/v1/db/collections/notes/events?key=[redacted]");
    expect(output).toContain("/api/auth/reset-password/[redacted]");
    expect(output).toContain("/api/v1/deploy?token=[redacted]");
    expect(output).toContain('"msg":"shutting down"');
    // …and no secret is.
    for (const [name, secret] of Object.entries(secrets)) {
      const hidden = secret.replace(/^hb_[a-z]+_/, "");
      const lines = output.split("\n").filter((line) => line.includes(hidden));
      expect(lines, `${name} is in the log`).toEqual([]);
    }
    expect(output).not.toMatch(/hb_[a-z]+_[A-Za-z0-9]{43}/);
  }, 90_000);
});
