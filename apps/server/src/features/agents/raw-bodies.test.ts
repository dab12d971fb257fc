import http from "node:http";
import type { Socket } from "node:net";
import { Writable } from "node:stream";
import { createServerClient, ServerError } from "@hybridge/agent/runner";
import { AgentsTexts } from "@hybridge/shared/agents/texts";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { seedBuild } from "../builds/test-support";
import { createEmbeddedAgent } from "./manage-agents";
import {
  emptyBuildQueue,
  listenForMachines,
  STAND_IN_APK,
  type TestKeystore,
  testKeystore,
} from "./test-support";

/**
 * The agents API's raw bodies over real sockets (app.inject hides what a socket does): a body
 * refused part-way is answered, in our shape, and the client receives that answer; the server
 * stops reading at its limit instead of taking in whatever is sent.
 */
let app: TestApp;
let owner: TestUser;
let server: string;
let keystore: TestKeystore;
/** Everything the app logged. */
let logText = "";
/** Every connection the server accepted, to read how many bytes it took off each. */
const sockets: Socket[] = [];

beforeAll(async () => {
  keystore = await testKeystore({ password: "raw-bodies-password" });
  app = await createTestApp({
    env: { BUILD_MAX_ARTIFACT_MB: "5" },
    log: {
      level: "info",
      stream: new Writable({
        write(chunk, _encoding, done) {
          logText += String(chunk);
          done();
        },
      }),
    },
  });
  server = await listenForMachines(app);
  app.server.on("connection", (socket: Socket) => sockets.push(socket));
  owner = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});
beforeEach(() => emptyBuildQueue(app));

const MB = 1024 * 1024;

/** A machine holding a new build of a new project. */
async function heldBuild() {
  const project = await seedProject(app, owner);
  const build = await seedBuild(app, project, { platform: "android", version: 1 });
  const machine = await createEmbeddedAgent(app.deps.db, ["android"]);
  const claimed = await fetch(`${server}/api/agents/claim`, {
    method: "POST",
    headers: { authorization: `Bearer ${machine.token}`, "content-type": "application/json" },
    body: JSON.stringify({ platforms: ["android"] }),
  });
  expect(((await claimed.json()) as { job: { buildId: string } }).job.buildId).toBe(build.id);
  return { build, machine, project };
}

type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** What the client wrote before the answer came (or the connection closed). */
  sent: number;
  /** What the server took off that connection's socket, headers included. */
  serverRead: number;
};

/**
 * PUTs `head`, then zeros in 1 MB chunks (chunked: no Content-Length) as fast as the server
 * takes them, up to `total` bytes, until the server answers. Node's own HTTP client: it reads
 * the answer while it is still sending, as curl and fetch do.
 */
function putStreaming(
  path: string,
  headers: Record<string, string>,
  head: Buffer,
  total: number,
): Promise<Answer> {
  const before = sockets.length;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(`${server}${path}`, { method: "PUT", headers });
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        request.destroy();
        // The server's side of the connection has closed by now, or will in a moment.
        setTimeout(() => {
          const socket = sockets[before];
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
            sent,
            serverRead: socket?.bytesRead ?? -1,
          });
        }, 200);
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const zeros = Buffer.alloc(MB);
    const write = () => {
      let ok = true;
      if (sent === 0) {
        ok = request.write(head);
        sent = head.length;
      }
      while (ok && !answered && sent < total) {
        const n = Math.min(zeros.length, total - sent);
        ok = request.write(zeros.subarray(0, n));
        sent += n;
      }
      if (answered) return;
      if (ok) request.end();
      else request.once("drain", write);
    };
    write();
  });
}

describe("PUT …/signing-key from the runner's client", () => {
  it("sends the password in a header: the refusal's log line does not hold it", async () => {
    const { build, machine } = await heldBuild();
    try {
      const client = createServerClient({ server, token: machine.token });
      const password = "a-password-no-log-may-keep";
      const refused = await client
        .putSigningKey(build.id, { bytes: keystore.bytes, password, alias: keystore.alias })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ServerError);
      expect(logText).toContain(`/api/agents/builds/${build.id}/signing-key`);
      expect(logText).toContain("request refused");
      expect(logText).not.toContain(password);
      expect(refused).toMatchObject({ status: 400, message: AgentsTexts.keystoreWrongPassword });
      // The right password is taken.
      const kept = await client.putSigningKey(build.id, keystore);
      expect(kept).toMatchObject({ password: keystore.password, alias: "upload" });
    } finally {
      await machine.close();
    }
  });
});

describe("PUT …/signing-key with a body far over its limit", () => {
  it("answers 413 at the first bytes past 64 KB of a 300 MB chunked body, reading about the limit", async () => {
    const { build, machine, project } = await heldBuild();
    try {
      const res = await putStreaming(
        `/api/agents/builds/${build.id}/signing-key`,
        {
          authorization: `Bearer ${machine.token}`,
          "content-type": "application/octet-stream",
          "x-keystore-password": keystore.password,
          "x-keystore-alias": keystore.alias,
        },
        keystore.bytes,
        300 * MB,
      );
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({
        code: "PAYLOAD_TOO_LARGE",
        message: AgentsTexts.keystoreTooLarge,
      });
      expect(res.headers.connection).toBe("close");
      // The server stopped taking bytes off the socket at the limit (plus what was on its way).
      expect(res.serverRead).toBeGreaterThan(64 * 1024);
      expect(res.serverRead).toBeLessThan(1 * MB);
      expect(res.sent).toBeLessThan(100 * MB);
      const [stored] = await app.deps.db
        .select()
        .from(schema.signingKeys)
        .where(inArray(schema.signingKeys.projectId, [project.id]));
      expect(stored).toBeUndefined();
    } finally {
      await machine.close();
    }
  });
});

describe("PUT …/artifact refused", () => {
  it("answers 409 to a machine that does not hold the build, and the machine receives it", async () => {
    const { build, machine } = await heldBuild();
    const stranger = await createEmbeddedAgent(app.deps.db, ["android"]);
    try {
      // fetch (undici), as the runner sends its APK: a 100 KB body and a 4 MB one.
      for (const size of [100 * 1024, 4 * MB]) {
        const res = await fetch(`${server}/api/agents/builds/${build.id}/artifact`, {
          method: "PUT",
          headers: {
            authorization: `Bearer ${stranger.token}`,
            "content-type": "application/vnd.android.package-archive",
          },
          body: Buffer.concat([STAND_IN_APK, Buffer.alloc(size)]),
        });
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ code: "CONFLICT", message: AgentsTexts.leaseLost });
      }
      // Node's client, streaming more than the server would ever take.
      const streamed = await putStreaming(
        `/api/agents/builds/${build.id}/artifact`,
        {
          authorization: `Bearer ${stranger.token}`,
          "content-type": "application/vnd.android.package-archive",
        },
        STAND_IN_APK,
        300 * MB,
      );
      expect(streamed.status).toBe(409);
      expect(JSON.parse(streamed.body)).toEqual({
        code: "CONFLICT",
        message: AgentsTexts.leaseLost,
      });
      expect(streamed.serverRead).toBeLessThan(2 * MB);
    } finally {
      await Promise.all([machine.close(), stranger.close()]);
    }
  });

  it("answers 400 to a body that is not a zip, and the machine receives it", async () => {
    const { build, machine } = await heldBuild();
    try {
      for (const size of [100 * 1024, 4 * MB]) {
        const res = await fetch(`${server}/api/agents/builds/${build.id}/artifact`, {
          method: "PUT",
          headers: {
            authorization: `Bearer ${machine.token}`,
            "content-type": "application/vnd.android.package-archive",
          },
          body: Buffer.alloc(size, 0x41),
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          code: "VALIDATION",
          message: AgentsTexts.artifactNotApk,
        });
      }
      // Still its build: a real APK is taken afterwards.
      const good = await fetch(`${server}/api/agents/builds/${build.id}/artifact`, {
        method: "PUT",
        headers: {
          authorization: `Bearer ${machine.token}`,
          "content-type": "application/vnd.android.package-archive",
        },
        body: STAND_IN_APK,
      });
      expect(good.status).toBe(200);
    } finally {
      await machine.close();
    }
  });

  it("answers 413 to an artifact whose Content-Length is over the limit, before reading it", async () => {
    const { build, machine } = await heldBuild();
    try {
      const res = await fetch(`${server}/api/agents/builds/${build.id}/artifact`, {
        method: "PUT",
        headers: {
          authorization: `Bearer ${machine.token}`,
          "content-type": "application/vnd.android.package-archive",
        },
        body: Buffer.concat([STAND_IN_APK, Buffer.alloc(6 * MB)]),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        code: "PAYLOAD_TOO_LARGE",
        message: AgentsTexts.artifactTooLarge(5),
      });
    } finally {
      await machine.close();
    }
  });
});
