// Scale-out (issue 15, README "Production"): the production build behind Debian's nginx
// (deploy/nginx.conf), one instance then two, on one PostgreSQL database, s3rver and Redis —
// all on this machine, so the instances, the database, nginx and the load share its cores.
//
//   npm run bench:cluster                 10 s per route; prints the table
//   npm run bench:cluster -- --seconds 3
//
// Needs `npm run build` first, PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres: a database is created and dropped there), nginx
// and redis-server. Load: autocannon, 50 connections, from this process.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";
import { startRedisServer } from "../apps/server/test/redis-server.ts";
import { startS3Server } from "../apps/server/test/s3-server.ts";
import { startNginx } from "../e2e/support/nginx.ts";
import { freePort, startServer } from "../e2e/support/server.ts";
import { revealDatabaseKey, seedUser } from "./seed.mjs";

const CONNECTIONS = 50;
const { values } = parseArgs({ options: { seconds: { type: "string", default: "10" } } });
const seconds = Number(values.seconds);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const cleanups = [];
const results = {};
try {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const database = `bench_cluster_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database ${database}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.end();
  });
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  const [s3, redis, nginxPort] = await Promise.all([
    startS3Server(),
    startRedisServer(),
    freePort(),
  ]);
  cleanups.push(s3.close, redis.close);
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const env = {
    DATABASE_URL: databaseUrl,
    ...s3.env,
    REDIS_URL: redis.url,
    SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "1",
    BUILD_AGENT: "off",
    SEED_STORE: "false",
    DATA_RATE_LIMIT_PER_MINUTE: "10000000",
    LOG_LEVEL: "error",
  };
  const instances = await Promise.all([startServer(env), startServer(env)]);
  for (const instance of instances) cleanups.push(instance.stop);
  const upstream = (instance) => `127.0.0.1:${new URL(instance.baseUrl).port}`;

  for (const count of [1, 2]) {
    const nginx = await startNginx({
      upstreams: instances.slice(0, count).map(upstream),
      port: nginxPort,
    });
    try {
      const { cookie, key } = await seed(nginx.url);
      const documents = "/api/v1/db/collections/orders/documents";
      const auth = { authorization: `Bearer ${key}` };
      results[`${count} instance${count > 1 ? "s" : ""}`] = {
        "GET /api/projects": await load(nginx.url, "/api/projects", { headers: { cookie } }),
        "POST document": await load(nginx.url, documents, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ item: "Latte", quantity: 1 }),
        }),
        "GET 20 documents": await load(nginx.url, `${documents}?limit=20`, { headers: auth }),
      };
    } finally {
      await nginx.stop();
    }
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}

console.log(`\nThrough nginx, ${CONNECTIONS} connections, ${seconds} s per route:`);
console.table(
  Object.fromEntries(
    Object.entries(results).flatMap(([setup, routes]) =>
      Object.entries(routes).map(([route, r]) => [
        `${setup}: ${route}`,
        { "req/s": r.reqPerSec, "p50 ms": r.p50Ms, "p99 ms": r.p99Ms, errors: r.errors },
      ]),
    ),
  ),
);

/** A user with one project through the balancer: its session cookie and database key. */
async function seed(base) {
  const { cookie, projectIds } = await seedUser(base, { projects: 1 });
  return { cookie, key: await revealDatabaseKey(base, cookie, projectIds[0]) };
}

/** A warm-up second, then `seconds` of load: req/s and latency. */
async function load(base, route, request) {
  const options = { url: `${base}${route}`, connections: CONNECTIONS, ...request };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: seconds });
  // nginx closes a client's connection after 1,000 requests (keepalive_requests): autocannon
  // counts a request caught by that close as an error. More than one in 10,000 is something else.
  if (result.non2xx > 0 || result.errors > result.requests.total / 10_000) {
    throw new Error(`${route}: ${result.non2xx} answers were not 2xx, ${result.errors} errors`);
  }
  return {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
  };
}
