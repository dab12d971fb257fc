// The signed-in API side by side with its own SQL (docs/decisions/026-server-performance.md):
// the production server's GET /api/projects and GET /api/session against a bare Fastify +
// postgres-js server running the same queries on the same PostgreSQL database
// (bench/minimal-server.mjs), in one run; the same routes on PGlite (no yardstick there: the
// database runs inside the server process); the database API (adding documents, listing the
// newest 20; not with --quick); and the time from start to the first 200.
//
//   npm run bench:api                 10 s per route, 3 rounds, 3 starts; prints the table
//   npm run bench:api -- --write      also writes bench/api-baseline.json
//   npm run bench:api -- --quick      CI: 3 s per route, best of 2 rounds, 1 start; fails when the
//                                     product/yardstick ratio on PostgreSQL falls below 75% of the
//                                     baseline's
//
// Needs `npm run build` first (apps/server/dist/main.js) and PostgreSQL (BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/postgres: a database is created and dropped there).
// Load: autocannon, 50 connections, from this process. CPU per request is the server process's
// user + system time over the measured window divided by the requests answered; on PostgreSQL
// the database's own CPU is not in it, on PGlite it is.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";
import { revealDatabaseKey, seedUser } from "./seed.mjs";
import { freePort, spawnUntil200 } from "./spawn-server.mjs";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverMain = path.join(repoRoot, "apps/server/dist/main.js");
const minimalMain = path.join(repoRoot, "bench/minimal-server.mjs");
const baselineFile = path.join(repoRoot, "bench/api-baseline.json");
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** CI fails when a ratio falls below this share of the baseline's (noise is well inside it). */
const RATIO_FLOOR = 0.75;
const CONNECTIONS = 50;
const PROJECTS = 20;
/** Clock ticks per second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    write: { type: "boolean", default: false },
    seconds: { type: "string" },
    starts: { type: "string" },
  },
});
const seconds = Number(values.seconds ?? (values.quick ? 3 : 10));
const starts = Number(values.starts ?? (values.quick ? 1 : 3));

if (!existsSync(serverMain)) {
  console.error(
    `bench:api: ${path.relative(repoRoot, serverMain)} is missing — run npm run build first.`,
  );
  process.exit(1);
}

const results = { postgres: {}, pglite: {} };
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
const database = `bench_api_${randomBytes(4).toString("hex")}`;
await admin.unsafe(`create database ${database}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
try {
  results.postgres = await measureDatabase({ databaseUrl });
  results.pglite = await measureDatabase({});
} finally {
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
}

print(results);
const failures = values.quick || values.write ? compare(results) : [];
if (values.write) {
  await writeFile(
    baselineFile,
    `${JSON.stringify(
      {
        measured: new Date().toISOString().slice(0, 10),
        machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
        settings: `autocannon ${CONNECTIONS} connections, ${seconds} s per route, ${PROJECTS} projects, median of ${starts} start(s)`,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${path.relative(repoRoot, baselineFile)}`);
} else if (failures.length > 0) {
  console.error(`bench:api: slower than the baseline beyond noise:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
}

/** One database: start times, then the routes under load (and the yardstick on PostgreSQL). */
async function measureDatabase({ databaseUrl }) {
  const kind = databaseUrl ? "postgres" : "pglite";
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hybridge-bench-"));
  const out = {};
  try {
    // The first start makes the database (PGlite's cluster, the migrations): reported apart.
    const startMs = [];
    let server;
    for (let i = 0; i <= starts; i++) {
      server = await startProduct({ dataDir, databaseUrl });
      startMs.push(server.startMs);
      if (i < starts) await server.stop();
    }
    out.firstStartMs = startMs[0];
    out.startMs = median(startMs.slice(1));
    try {
      const { cookie } = await seedUser(server.url, { projects: PROJECTS });
      if (!values.quick) Object.assign(out, await loadDataApi(server, cookie));
      if (!databaseUrl) {
        out.projects = await load(server, "/api/projects", cookie);
        out.session = await load(server, "/api/session", cookie);
      } else {
        // Rounds of product then yardstick: the yardstick's own speed varies from run to run,
        // so a ratio is taken within a round, and the round shown is the median one (the best
        // one with --quick, which only looks for regressions well beyond noise).
        const minimal = await startMinimal(databaseUrl);
        try {
          for (const [route, minimalRoute, name] of [
            ["/api/projects", "/projects", "Projects"],
            ["/api/session", "/session", "Session"],
          ]) {
            const rounds = [];
            for (let round = 0; round < (values.quick ? 2 : 3); round++) {
              const product = await load(server, route, cookie);
              const yardstick = await load(minimal, minimalRoute, cookie);
              rounds.push({
                product,
                yardstick,
                ratio: round2(product.reqPerSec / yardstick.reqPerSec),
              });
            }
            rounds.sort((a, b) => a.ratio - b.ratio);
            const chosen = values.quick ? rounds.at(-1) : rounds[Math.floor(rounds.length / 2)];
            out[name.toLowerCase()] = chosen.product;
            out[`minimal${name}`] = chosen.yardstick;
            out[`ratio${name}`] = chosen.ratio;
            out[`ratio${name}Rounds`] = rounds.map((r) => r.ratio);
          }
        } finally {
          await minimal.stop();
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`${kind}: measured`);
  return out;
}

/**
 * The database API (decision 027) with a project's key: adding documents, and listing the newest
 * 20 of a collection that holds 1,000 and more.
 */
async function loadDataApi(server, cookie) {
  const projects = await (
    await fetch(`${server.url}/api/projects`, { headers: { cookie } })
  ).json();
  const projectId = projects.projects[0].id;
  const key = await revealDatabaseKey(server.url, cookie, projectId);
  const auth = { authorization: `Bearer ${key}` };
  const documents = `/api/v1/db/collections/orders/documents`;
  for (let i = 0; i < 1000; i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        fetch(`${server.url}${documents}`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ item: `Espresso ${i + j}`, quantity: 2, note: "oat milk" }),
        }),
      ),
    );
  }
  return {
    dataAdd: await load(server, documents, null, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ item: "Latte", quantity: 1 }),
    }),
    dataList: await load(server, `${documents}?limit=20`, null, { headers: auth }),
  };
}

/** A warm-up second, then `seconds` of load; req/s, latency and CPU per request. */
async function load(server, route, cookie, request = {}) {
  const options = {
    url: `${server.url}${route}`,
    connections: CONNECTIONS,
    headers: cookie ? { cookie } : {},
    ...request,
  };
  await autocannon({ ...options, duration: 1 });
  const before = cpuMs(server.pid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpu = cpuMs(server.pid) - before;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${route}: ${result.non2xx} answers were not 2xx, ${result.errors} errors`);
  }
  return {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMsPerRequest: round(cpu / result.requests.total, 3),
  };
}

function cpuMs(pid) {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function startProduct({ dataDir, databaseUrl }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const key of ["DATABASE_URL", "SMTP_URL", "WEB_DIST_DIR", "TRUSTED_ORIGINS"])
    delete env[key];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    BUILD_AGENT: "off",
    SEED_STORE: "false",
    WRITE_RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "100000",
    DATA_RATE_LIMIT_PER_MINUTE: "100000000",
    DATA_MAX_DOCUMENTS: "10000000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  // Ready, not just live: the database answers.
  return spawnUntil200(serverMain, env, `${url}/api/health/ready`, url);
}

async function startMinimal(databaseUrl) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl };
  const server = await spawnUntil200(minimalMain, env, `${url}/session`, url);
  return server;
}

function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function round(value, digits) {
  return Number(value.toFixed(digits));
}

function round2(value) {
  return round(value, 2);
}

function print({ postgres: pg, pglite }) {
  const row = (label, m) =>
    `${label.padEnd(34)} ${String(m.reqPerSec).padStart(7)} ${String(m.p50Ms).padStart(6)} ${String(m.p99Ms).padStart(6)} ${m.cpuMsPerRequest.toFixed(3).padStart(8)}`;
  console.log(
    `\n${"".padEnd(34)} ${"req/s".padStart(7)} ${"p50 ms".padStart(6)} ${"p99 ms".padStart(6)} ${"CPU ms".padStart(8)}`,
  );
  console.log(row("PostgreSQL GET /api/projects", pg.projects));
  console.log(row("  same SQL, minimal server", pg.minimalProjects));
  console.log(row("PostgreSQL GET /api/session", pg.session));
  console.log(row("  same SQL, minimal server", pg.minimalSession));
  if (pg.dataList) {
    console.log(row("PostgreSQL database API: add", pg.dataAdd));
    console.log(row("PostgreSQL database API: list 20", pg.dataList));
  }
  console.log(row("PGlite GET /api/projects", pglite.projects));
  console.log(row("PGlite GET /api/session", pglite.session));
  if (pglite.dataList) {
    console.log(row("PGlite database API: add", pglite.dataAdd));
    console.log(row("PGlite database API: list 20", pglite.dataList));
  }
  console.log(
    `\nproduct / minimal req/s on PostgreSQL: projects ${pg.ratioProjects}× (rounds ${pg.ratioProjectsRounds.join(", ")}), session ${pg.ratioSession}× (rounds ${pg.ratioSessionRounds.join(", ")})`,
  );
  console.log(
    `start to the first ready 200: PostgreSQL ${pg.startMs} ms (first start ${pg.firstStartMs} ms), PGlite ${pglite.startMs} ms (first start, making the cluster: ${pglite.firstStartMs} ms)\n`,
  );
}

/** The regressions beyond noise against the baseline: ratios only (machine-independent). */
function compare({ postgres: pg }) {
  if (!existsSync(baselineFile)) return [];
  const baseline = JSON.parse(readFileSync(baselineFile, "utf8")).results.postgres;
  const failures = [];
  for (const key of ["ratioProjects", "ratioSession"]) {
    const floor = round(baseline[key] * RATIO_FLOOR, 2);
    const verdict = pg[key] >= floor ? "ok" : "REGRESSION";
    console.log(`${key}: ${pg[key]}× (baseline ${baseline[key]}×, floor ${floor}×) ${verdict}`);
    if (pg[key] < floor) failures.push(`${key} ${pg[key]}× < ${floor}×`);
  }
  return failures;
}
