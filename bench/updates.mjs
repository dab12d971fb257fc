// Over-the-air updates under load (issue 27, decision 051): the update check that every installed
// app makes at cold start, and the time from `hybridge deploy` to the update being offered.
//
//   npm run bench:updates                 3 rounds of 1,000 installs at each scenario, 5 trials
//                                         of deploy → offered
//   npm run bench:updates -- --installs 1000 --rounds 3 --trials 5 --connections 100
//
// Needs `npm run build` first (apps/server/dist/main.js) and PostgreSQL (BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/postgres: a database is created and dropped there).
//
// Scenarios, each 1,000 distinct installs (their own install id and their own address in
// X-Forwarded-For, as phones behind TRUST_PROXY=1 would be) checking at once over 100 connections,
// `rounds` times over:
//   first offer installs on the build's embedded bundle, one update at 100 %: every check is
//               offered it and writes the install's "asked" row (one round)
//   offered     the same again (the row is there: the insert does nothing)
//   up to date  the same installs already running that update: nothing to offer
//   rollout 20% a newer update at 20 % on the installs running the first: a fifth are offered it
// CPU per request is the server process's user + system time over the scenario divided by the
// requests answered (PostgreSQL's own is not in it).
//
// Deploy → offered: two server processes on the same database (as behind a balancer). The deploy
// goes to the first; one install (in the cohort: 100 %) polls each of them every 20 ms from the
// deploy's 201 until it is offered the new update. The deploying process empties its own cache;
// the other serves its cached channel until the cache's 5 s expire.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";
import { seedUser } from "./seed.mjs";
import { freePort, spawnUntil200 } from "./spawn-server.mjs";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverMain = path.join(repoRoot, "apps/server/dist/main.js");
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// yazl is the server's zip writer (a dependency of apps/server): the bench's bundles are zips.
const yazl = createRequire(path.join(repoRoot, "apps/server/package.json"))("yazl");

/** The shell's runtime version (apps/agent/src/android/shell-apk.ts). */
const RUNTIME = "android-1";
const CHECK = "/api/v1/updates/check";
const DEPLOY = "/api/v1/deploy";
/** Clock ticks per second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;
const POLL_MS = 20;

const { values } = parseArgs({
  options: {
    installs: { type: "string", default: "1000" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "100" },
    trials: { type: "string", default: "5" },
    // An experiment, not the product's setting: the database's commits without waiting for the
    // WAL flush, to see how much of the first offer's time is the "asked" row's commit.
    "async-commit": { type: "boolean", default: false },
    // An experiment too: without update_installs' foreign key to updates, whose check locks the
    // same update's row (FOR KEY SHARE) from every concurrent first offer.
    "without-installs-fk": { type: "boolean", default: false },
  },
});
const INSTALLS = Number(values.installs);
const ROUNDS = Number(values.rounds);
const CONNECTIONS = Number(values.connections);
const TRIALS = Number(values.trials);

if (!existsSync(serverMain)) {
  console.error(
    `bench:updates: ${path.relative(repoRoot, serverMain)} is missing — run npm run build first.`,
  );
  process.exit(1);
}

const loadAtStart = os.loadavg()[0];
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
const database = `bench_updates_${randomBytes(4).toString("hex")}`;
await admin.unsafe(`create database ${database}`);
if (values["async-commit"]) {
  await admin.unsafe(`alter database ${database} set synchronous_commit = off`);
}
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const dataDirs = [];
const servers = [];
let results;
try {
  // One at a time: the first start migrates the database.
  for (let i = 0; i < 2; i++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "hybridge-bench-"));
    dataDirs.push(dataDir);
    servers.push(await startProduct({ dataDir, databaseUrl }));
  }
  if (values["without-installs-fk"]) {
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const [fk] = await db`select conname from pg_constraint
      where conrelid = 'update_installs'::regclass and contype = 'f'`;
    await db.unsafe(`alter table update_installs drop constraint "${fk.conname}"`);
    await db.end();
  }
  results = await measure(servers[0], servers[1]);
} finally {
  for (const server of servers) await server.stop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
}
print(results);

async function measure(server, other) {
  const base = server.url;
  const { cookie, projectIds } = await seedUser(base, { projects: 1 });
  const projectId = projectIds[0];
  const project = await (
    await fetch(`${base}/api/projects/${projectId}`, { headers: { cookie } })
  ).json();
  const appKey = (project.project ?? project).keyApp;
  if (!appKey) throw new Error(`no app key in GET /api/projects/${projectId}`);
  const tokenResponse = await fetch(`${base}/api/projects/${projectId}/deploy-tokens`, {
    method: "POST",
    headers: { origin: base, cookie, "content-type": "application/json" },
    body: JSON.stringify({ name: "bench" }),
  });
  if (tokenResponse.status !== 201) {
    throw new Error(`deploy token: ${tokenResponse.status} ${await tokenResponse.text()}`);
  }
  const token = (await tokenResponse.json()).secret;

  // Installs as the shell makes them (a UUID), each behind its own address.
  const installs = Array.from({ length: INSTALLS }, (_, i) => ({
    installId: randomUUID(),
    address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  }));

  const first = await deployUpdate(base, token, "first");
  // A warm-up: other installs, already up to date (nothing written), wake the route, the JIT and
  // the database pool, so that the first offer measures the offer and not a cold process.
  const warmUp = installs.map((_, i) => ({
    installId: randomUUID(),
    address: `10.100.${(i >> 8) & 255}.${i & 255}`,
  }));
  await checkAll(server, warmUp, appKey, first.id, null, 1);
  const out = {};
  // The first check of each install writes its "asked" row; later ones find it there.
  out.firstOffer = await checkAll(server, installs, appKey, null, first.id, 1);
  out.offered = await checkAll(server, installs, appKey, null, first.id);
  out.upToDate = await checkAll(server, installs, appKey, first.id, null);
  const second = await deployUpdate(base, token, "second", { rolloutPercent: "20" });
  out.rollout20 = await checkAll(server, installs, appKey, first.id, second.id);

  // Deploy → offered, on the deploying process and on another one.
  const trials = [];
  let current = second.id;
  for (let trial = 0; trial < TRIALS; trial++) {
    const install = { installId: randomUUID(), address: `10.200.0.${trial + 1}` };
    // Both processes have the channel cached (as under traffic) before the deploy.
    for (const s of [server, other]) await checkOnce(s.url, appKey, current, install);
    // A different moment in the other process's 5 s each trial.
    await sleep(1000 + Math.random() * 4000);
    const started = performance.now();
    const update = await deployUpdate(base, token, `trial ${trial}`);
    const created = performance.now();
    const [same, elsewhere] = await Promise.all(
      [server, other].map((s) => pollUntilOffered(s.url, appKey, current, install, update.id)),
    );
    trials.push({
      deployMs: Math.round(created - started),
      sameMs: Math.round(same - created),
      otherMs: Math.round(elsewhere - created),
    });
    current = update.id;
  }
  out.deployToOffered = trials;
  return out;
}

/** `hybridge deploy`: the multipart upload the CLI sends, with a deploy token. */
async function deployUpdate(base, token, text, fields = {}) {
  const zip = await makeZip([
    { name: "index.html", data: `<!doctype html><title>Bench</title><p>${text}</p>` },
    { name: "assets/app.js", data: `console.log(${JSON.stringify(text)});`.repeat(200) },
  ]);
  const form = new FormData();
  for (const [name, value] of Object.entries({ message: `Bench: ${text}`, ...fields })) {
    form.append(name, value);
  }
  form.append("bundle", new Blob([zip], { type: "application/zip" }), "dist.zip");
  const response = await fetch(`${base}${DEPLOY}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) {
    throw new Error(`deploy answered ${response.status}: ${await response.text()}`);
  }
  const body = await response.json();
  if (!body.update) throw new Error("the deploy made no update");
  return body.update;
}

function checkBody(appKey, currentUpdateId, installId) {
  return JSON.stringify({
    appKey,
    channel: "production",
    runtimeVersion: RUNTIME,
    currentUpdateId,
    installId,
  });
}

async function checkOnce(base, appKey, currentUpdateId, install) {
  const response = await fetch(`${base}${CHECK}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": install.address },
    body: checkBody(appKey, currentUpdateId, install.installId),
  });
  if (response.status !== 200) {
    throw new Error(`check answered ${response.status}: ${await response.text()}`);
  }
  return response.json();
}

/** Polls one process until the install is offered `updateId`: the moment it was (ms clock). */
async function pollUntilOffered(base, appKey, currentUpdateId, install, updateId) {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const answer = await checkOnce(base, appKey, currentUpdateId, install);
    if (answer.update?.id === updateId) return performance.now();
    if (performance.now() > deadline) throw new Error(`${updateId} not offered within 30 s`);
    await sleep(POLL_MS);
  }
}

/**
 * `ROUNDS` × every install checking once, over `CONNECTIONS` connections; what was offered is
 * counted from the answers (`expectId` offered, or nothing).
 */
async function checkAll(server, installs, appKey, currentUpdateId, expectId, rounds = ROUNDS) {
  const bodies = installs.map((install) => ({
    body: checkBody(appKey, currentUpdateId, install.installId),
    headers: { "content-type": "application/json", "x-forwarded-for": install.address },
  }));
  let next = 0;
  let offered = 0;
  let wrong = 0;
  const total = installs.length * rounds;
  const before = cpuMs(server.pid);
  // autocannon notices the end of an `amount` on its 1 s tick: the burst's own clock runs from
  // the start to the last answer.
  const started = performance.now();
  let lastAnswer = started;
  const result = await autocannon({
    url: `${server.url}${CHECK}`,
    method: "POST",
    connections: CONNECTIONS,
    amount: total,
    requests: [
      {
        setupRequest(request) {
          const one = bodies[next++ % bodies.length];
          return { ...request, method: "POST", body: one.body, headers: one.headers };
        },
        onResponse(status, body) {
          lastAnswer = performance.now();
          if (status !== 200) return;
          const update = JSON.parse(body).update;
          if (update === null) return;
          if (update.id === expectId) offered++;
          else wrong++;
        },
      },
    ],
  });
  const elapsedMs = lastAnswer - started;
  const cpu = cpuMs(server.pid) - before;
  return {
    requests: result.requests.total,
    reqPerSec: Math.round((result.requests.total * 1000) / elapsedMs),
    p50Ms: result.latency.p50,
    // autocannon gives p90 and p97.5, not p95: both are shown.
    p90Ms: result.latency.p90,
    p97Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    offeredShare: round((offered / total) * 100, 1),
    wrongOffers: wrong,
    cpuMsPerRequest: round(cpu / Math.max(1, result.requests.total), 3),
  };
}

function makeZip(entries) {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(Buffer.from(entry.data), entry.name, {
      mtime: new Date("2024-01-01T00:00:00Z"),
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks = [];
    zip.outputStream.on("data", (chunk) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
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
  for (const key of ["DATABASE_URL", "SMTP_URL", "WEB_DIST_DIR", "TRUSTED_ORIGINS", "REDIS_URL"])
    delete env[key];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    BUILD_AGENT: "off",
    SEED_STORE: "false",
    // The phones' addresses come in X-Forwarded-For, as behind one proxy.
    TRUST_PROXY: "1",
    WRITE_RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "100000",
  });
  // Ready, not just live: the database answers.
  return spawnUntil200(serverMain, env, `${url}/api/health/ready`, url);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function round(value, digits) {
  return Number(value.toFixed(digits));
}

function print(r) {
  const header = [
    "req/s",
    "p50",
    "p90",
    "p97.5",
    "p99",
    "max ms",
    "CPU ms",
    "offered",
    "non-2xx/err",
  ];
  console.log(
    `\n${INSTALLS} installs × ${ROUNDS} rounds, ${CONNECTIONS} connections, PostgreSQL${values["async-commit"] ? " with synchronous_commit = off" : ""}${values["without-installs-fk"] ? " without update_installs' foreign key" : ""} (load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end)`,
  );
  console.log(`${"".padEnd(24)} ${header.map((h) => h.padStart(8)).join(" ")}`);
  for (const [label, m] of [
    ["first offer (1 round)", r.firstOffer],
    ["offered again", r.offered],
    ["up to date", r.upToDate],
    ["newer update at 20 %", r.rollout20],
  ]) {
    const cells = [
      m.reqPerSec,
      m.p50Ms,
      m.p90Ms,
      m.p97Ms,
      m.p99Ms,
      m.maxMs,
      m.cpuMsPerRequest.toFixed(3),
      `${m.offeredShare}%`,
      `${m.non2xx}/${m.errors}`,
    ];
    console.log(`${label.padEnd(24)} ${cells.map((c) => String(c).padStart(8)).join(" ")}`);
    if (m.wrongOffers > 0) console.log(`  ${m.wrongOffers} answers offered another update`);
  }
  const d = r.deployToOffered;
  console.log(
    "\ndeploy → offered (ms): upload to 201 | 201 → offered by the deploying process | by another process",
  );
  for (const t of d) console.log(`  ${t.deployMs} | ${t.sameMs} | ${t.otherMs}`);
  console.log();
}
