// A CPU profile of the built server under one database API route (decision 040): starts
// apps/server/dist/main.js with --cpu-prof on a fresh PostgreSQL database, loads the route with
// autocannon (50 connections), prints req/s and the server's CPU ms per request, and writes the
// profile where --dir says (open it in Chrome's DevTools or read it with any .cpuprofile tool).
//
//   node bench/profile-data.mjs --route add|get|update|newest|query|count [--seconds 5] [--dir /tmp/profiles]
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";
import { declareIndex, revealDatabaseKey, seedUser } from "./seed.mjs";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const { values } = parseArgs({
  options: {
    route: { type: "string", default: "add" },
    seconds: { type: "string", default: "5" },
    dir: { type: "string", default: path.join(os.tmpdir(), "hybridge-profiles") },
  },
});

const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
const database = `bench_profile_${randomBytes(4).toString("hex")}`;
await admin.unsafe(`create database ${database}`);
const dataDir = await mkdtemp(path.join(os.tmpdir(), "hybridge-profile-"));
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const url = `http://127.0.0.1:${port}`;
const child = spawn(
  process.execPath,
  ["--cpu-prof", `--cpu-prof-dir=${values.dir}`, path.join(repoRoot, "apps/server/dist/main.js")],
  {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString(),
      LOG_LEVEL: "warn",
      BUILD_AGENT: "off",
      SEED_STORE: "false",
      WRITE_RATE_LIMIT_MAX: "100000",
      AUTH_RATE_LIMIT_MAX: "100000",
      DATA_RATE_LIMIT_PER_MINUTE: "100000000",
      DATA_MAX_DOCUMENTS: "10000000",
    },
  },
);
const exited = new Promise((resolve) => child.once("exit", resolve));
try {
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { cookie, projectIds } = await seedUser(url, { projects: 1 });
  const key = await revealDatabaseKey(url, cookie, projectIds[0]);
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const documents = `${url}/api/v1/db/collections/items/documents`;
  const ids = [];
  const cursors = [];
  for (let i = 0; i < 2000; i += 50) {
    const added = await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        fetch(documents, {
          method: "POST",
          headers,
          body: JSON.stringify({ title: `Item ${i + j}`, status: "open", price: i + j }),
        }).then((r) => r.json()),
      ),
    );
    ids.push(...added.map((d) => d.id));
    cursors.push(...added.map((d) => `${d.createdAt.replace("Z", "000Z")}_${d.id}`));
  }
  // As bench:data's owner does: the query and count read it (decision 065).
  await declareIndex(url, cookie, projectIds[0], "items", [
    { field: "status", mode: "==" },
    { field: "price", mode: "asc" },
  ]);
  let n = 0;
  const body = JSON.stringify({ title: "Note", status: "open", price: 3, note: "x".repeat(140) });
  const request = {
    add: { method: "POST", body, setupRequest: (r) => r },
    get: {
      setupRequest: (r) => ({
        ...r,
        path: `${new URL(documents).pathname}/${ids[n++ % ids.length]}`,
      }),
    },
    // The bench's update: one field of a document taken in turn.
    update: {
      method: "PATCH",
      setupRequest: (r) => ({
        ...r,
        path: `${new URL(documents).pathname}/${ids[n % ids.length]}`,
        body: JSON.stringify({ title: `Item renamed ${n++}` }),
      }),
    },
    // Uncached, as the bench's: each request after another document, 20 to 29 of them (so that
    // the page cache, which keeps a page per cursor and limit, does not answer on these 2,000).
    newest: {
      setupRequest: (r) => {
        const i = n++;
        const limit = 20 + (Math.floor(i / cursors.length) % 10);
        const cursor = cursors[i % cursors.length];
        return { ...r, path: `${new URL(documents).pathname}?limit=${limit}&cursor=${cursor}` };
      },
    },
    // The bench's query and count (bench/data.mjs), on these 2,000 documents.
    query: {
      method: "POST",
      body: JSON.stringify({
        where: [{ field: "status", op: "==", value: "open" }],
        orderBy: [{ field: "price", direction: "asc" }],
        limit: 20,
      }),
      setupRequest: (r) => ({ ...r, path: "/api/v1/db/collections/items/query" }),
    },
    count: {
      method: "POST",
      body: JSON.stringify({ where: [{ field: "status", op: "==", value: "open" }] }),
      setupRequest: (r) => ({ ...r, path: "/api/v1/db/collections/items/count" }),
    },
  }[values.route];
  // Transactions the database committed (each statement outside one is its own), per request.
  const commits = async () => {
    await admin`select pg_stat_clear_snapshot()`;
    const [row] = await admin`select xact_commit from pg_stat_database where datname = ${database}`;
    return Number(row.xact_commit);
  };
  const commitsBefore = await commits();
  const before = cpuMs(child.pid);
  const result = await autocannon({
    url: documents,
    connections: 50,
    duration: Number(values.seconds),
    headers,
    requests: [request],
  });
  // The server's user + system time per request answered (as bench/data.mjs measures it):
  // steadier than req/s on a machine the database and the load share.
  const cpu = cpuMs(child.pid) - before;
  const perRequest = result.requests.total > 0 ? (cpu / result.requests.total).toFixed(3) : "—";
  // The statistics reach pg_stat_database within half a second of each transaction.
  await new Promise((resolve) => setTimeout(resolve, 800));
  const transactions = ((await commits()) - commitsBefore) / Math.max(result.requests.total, 1);
  console.log(
    `${values.route}: ${Math.round(result.requests.average)} req/s, ${perRequest} CPU ms and ${transactions.toFixed(2)} database transactions per request, profile in ${values.dir}`,
  );
} finally {
  child.kill("SIGTERM");
  await exited;
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // Clock ticks: 100 per second on Linux (getconf CLK_TCK).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
