import { existsSync, rmSync, statfsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { migrationsFolder } from "../server-root";
import { dataDirProblem, StartError } from "../start-error";
import { withinTimeLimit } from "../time-limit";
import { defaultClusterTemplate, readClusterTemplate } from "./cluster-template";
import { databaseFailure, errorCodes } from "./errors";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The driver-neutral database type every service uses. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Stops listening (see Database.listen). */
export type Unlisten = () => Promise<void>;

/**
 * "ok": reachable and migrated; "down": unreachable, dropped, or too slow to answer;
 * "schema-missing": it answers, but the migrations were never applied (a database recreated
 * empty under a running server).
 */
export type DatabaseState = "ok" | "down" | "schema-missing";

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * LISTEN on a channel: onNotify gets each NOTIFY's payload once its transaction commits, from
   * this process or any other on the same database (triggers use it: see migration 0002).
   * `onRelisten` runs each time the LISTEN is made again after its connection dropped
   * (PostgreSQL restarted, a failover, the connection killed): what was notified meanwhile is
   * lost, so whatever the notifications keep fresh must be read anew. (PGlite runs in this
   * process: its LISTEN never drops.)
   */
  listen: (
    channel: string,
    onNotify: (payload: string) => void,
    onRelisten?: () => void,
  ) => Promise<Unlisten>;
  /** One real query, answered within PROBE_TIMEOUT_MS: a hung database must not hang the caller. */
  probe: () => Promise<{ state: DatabaseState; error?: unknown }>;
  /**
   * Where queries and counts run (decision 038): connections whose every statement stops after
   * `timeLimitMs` (`statement_timeout` set once per connection), so that a bounded query is one
   * round trip instead of a transaction of four. null on PGlite (one connection, shared with
   * every write: the query sets its limit in a transaction there).
   */
  queries: BoundedDb | null;
  /** Applies the committed migrations; on PostgreSQL one process at a time. */
  migrate: () => Promise<void>;
  /**
   * PGlite only: a tarball of its directory between transactions (decision 061), which
   * `npm run backup` asks the running server for. PostgreSQL has pg_dump.
   */
  snapshot?: () => Promise<Blob>;
  close: () => Promise<void>;
};

/**
 * A database whose statements stop after `timeLimitMs` (Database.queries), and whose
 * connections plan every prepared statement with its values (plan_cache_mode
 * force_custom_plan), so that a statement may be prepared there.
 */
export type BoundedDb = { db: Db; timeLimitMs: number };

/**
 * How long one query may run (decision 038): a filter or an order no index serves reads the
 * whole collection, and a very large one must not hold a connection for long. 100,000
 * documents took 0.2-0.4 s on a busy machine; the default document limit is 10,000.
 */
export const QUERY_TIME_LIMIT_MS = 2_000;
/**
 * Connections of the query pool. A query is one statement, no transaction, so postgres-js
 * pipelines the queries of concurrent requests on busy connections, and those sent in the same
 * tick go in one write: fewer connections make fewer writes and fewer wake-ups of PostgreSQL's
 * processes. 4 answered 10-25 % more queries a second than 10 on two cores (bench:data, decision
 * 066). The cost: a statement queued behind a slow one (up to QUERY_TIME_LIMIT_MS) on the same
 * connection waits for it, as with 10.
 */
const QUERY_POOL_SIZE = 4;
/** PostgreSQL's pools and how many connections each may open (/metrics reports them). */
export const POOL_SIZES = { main: 10, queries: QUERY_POOL_SIZE } as const;
const QUERY_CONNECTION_LIFETIME_S = 10 * 60;

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | {
      kind: "pglite";
      /** undefined: in memory. */
      dataDir: string | undefined;
      /** A dump (`dumpDataDir`) to start from instead of an empty cluster: tests use one. */
      loadDataDir?: Blob;
      /**
       * The build's migrated cluster (`cluster-template.ts`), loaded instead of running initdb
       * when `dataDir` does not exist yet.
       */
      templateFile?: string;
    };

export function databaseTarget(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : {
        kind: "pglite",
        dataDir: path.join(config.dataDir, "pglite"),
        templateFile: defaultClusterTemplate,
      };
}

const PROBE_TIMEOUT_MS = 2_000;

/**
 * Counts the applied migrations within the time limit: none, or no migrations table at all,
 * is a schema to re-create.
 */
async function probeWith(countMigrations: () => Promise<number>): ReturnType<Database["probe"]> {
  try {
    const applied = await withinTimeLimit(countMigrations(), PROBE_TIMEOUT_MS);
    return { state: applied > 0 ? "ok" : "schema-missing" };
  } catch (error) {
    return {
      state: databaseFailure(error) === "schema-missing" ? "schema-missing" : "down",
      error,
    };
  }
}

const COUNT_MIGRATIONS = "select count(*)::int as applied from drizzle.__drizzle_migrations";
/** pg_advisory_lock key held while migrating, so that servers sharing a database take turns. */
const MIGRATIONS_LOCK = 4_809_301_751;

/** Opens the database and applies the committed migrations. */
export async function openDatabase(
  target: DatabaseTarget,
  options: { queryTimeLimitMs?: number } = {},
): Promise<Database> {
  return target.kind === "postgres"
    ? openPostgres(target.url, options.queryTimeLimitMs ?? QUERY_TIME_LIMIT_MS)
    : openPglite(target);
}

async function openPostgres(url: string, queryTimeLimitMs: number): Promise<Database> {
  const sql = postgres(url, { max: POOL_SIZES.main, onnotice: () => {} });
  const db = drizzlePostgres(sql, { schema, casing: "snake_case" });
  const migrate = async () => {
    // A session lock needs one connection for lock and unlock; the migrator uses the pool.
    const locker = await sql.reserve();
    try {
      await locker.unsafe(`select pg_advisory_lock(${MIGRATIONS_LOCK})`);
      await migratePostgres(db, { migrationsFolder });
    } finally {
      // A lost connection releases its session locks by itself.
      await locker.unsafe(`select pg_advisory_unlock(${MIGRATIONS_LOCK})`).catch(() => {});
      locker.release();
    }
  };
  try {
    await migrate();
  } catch (error) {
    await sql.end({ timeout: 0 });
    throw postgresProblem(error, url) ?? error;
  }
  // Opened lazily by postgres-js, on the first query.
  const querySql = postgres(url, {
    max: POOL_SIZES.queries,
    onnotice: () => {},
    // Statements are prepared per connection (by their text: one per query shape) and planned
    // with their values each time: a partial index (decision 041) is chosen only when the
    // planner sees the project and collection, which a generic plan would not.
    connection: { statement_timeout: queryTimeLimitMs, plan_cache_mode: "force_custom_plan" },
    // A connection's prepared statements go with it: shapes no longer asked for do not stay.
    max_lifetime: QUERY_CONNECTION_LIFETIME_S,
    // postgres-js would read the catalogue's array types on each new connection, under the
    // limit too; a document query selects no array column.
    fetch_types: false,
  });
  const queryDb = drizzlePostgres(querySql, { schema, casing: "snake_case" });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    queries: { db: queryDb as unknown as Db, timeLimitMs: queryTimeLimitMs },
    // postgres-js keeps one extra connection for every LISTEN of this client, and LISTENs again
    // on a new one when it drops (a restart, a database dropped and recreated).
    listen: async (channel, onNotify, onRelisten) => {
      // postgres-js calls onlisten once the LISTEN is in place: at first, then after each
      // reconnection.
      let listened = false;
      const onListen = () => {
        if (listened) onRelisten?.();
        listened = true;
      };
      return (await sql.listen(channel, onNotify, onListen)).unlisten;
    },
    probe: () =>
      probeWith(async () => {
        const [row] = await sql.unsafe<{ applied: number }[]>(COUNT_MIGRATIONS);
        return row?.applied ?? 0;
      }),
    migrate,
    close: async () => {
      await Promise.all([sql.end({ timeout: 5 }), querySql.end({ timeout: 5 })]);
    },
  };
}

async function openPglite(target: Extract<DatabaseTarget, { kind: "pglite" }>): Promise<Database> {
  const dir = target.dataDir;
  // A first start that fails leaves no half-made cluster, which the next start would resume.
  const fresh = dir !== undefined && !existsSync(dir);
  const template =
    fresh && target.templateFile && !target.loadDataDir
      ? readClusterTemplate(target.templateFile)
      : null;
  const client = new PGlite({
    dataDir: dir,
    loadDataDir: target.loadDataDir ?? template ?? undefined,
  });
  const db = drizzlePglite(client, { schema, casing: "snake_case" });
  // One connection in one process (the directory is locked): nothing to take turns with.
  const migrate = () => migratePglite(db, { migrationsFolder });
  let opened = false;
  try {
    await client.waitReady;
    opened = true;
    await migrate();
  } catch (error) {
    await client.close().catch(() => {});
    if (!dir) throw error;
    if (fresh) rmSync(dir, { recursive: true, force: true });
    // A template that cannot be loaded (a damaged build) costs the start its initdb, not the start.
    if (template && !opened) return openPglite({ ...target, templateFile: undefined });
    throw pgliteProblem(error, dir, { opening: !opened, fresh }) ?? error;
  }
  return {
    db: db as unknown as Db,
    kind: "pglite",
    queries: null,
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    probe: () =>
      probeWith(async () => {
        const { rows } = await client.query<{ applied: number }>(COUNT_MIGRATIONS);
        return rows[0]?.applied ?? 0;
      }),
    migrate,
    // Between transactions: a transaction's statements take the query lock one at a time.
    snapshot: () => client._runExclusiveTransaction(() => client.dumpDataDir("none")),
    close: () => client.close(),
  };
}

/** Emscripten's errno numbers, as PGlite's file-system errors carry them. */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: "EACCES",
  19: "EDQUOT",
  51: "ENOSPC",
  63: "EPERM",
  69: "EROFS",
};

/** Below this much free space, a cluster that cannot start is taken to lack room. */
const LOW_SPACE_BYTES = 16 * 1024 * 1024;

function freeBytes(dir: string): number {
  try {
    const { bavail, bsize } = statfsSync(existsSync(dir) ? dir : path.dirname(dir));
    return bavail * bsize;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * The one-line StartError for a PGlite directory that cannot be used, when we know why: it
 * cannot be written, or (while opening an existing cluster) it is damaged.
 */
function pgliteProblem(
  error: unknown,
  dir: string,
  during: { opening: boolean; fresh: boolean },
): StartError | null {
  const { name, errno } = (error ?? {}) as { name?: unknown; errno?: unknown };
  const emscripten =
    name === "ErrnoError" && typeof errno === "number" ? EMSCRIPTEN_ERRNO[errno] : undefined;
  const written = dataDirProblem(error, dir, emscripten);
  if (written) return written;
  if (freeBytes(dir) < LOW_SPACE_BYTES) return dataDirProblem(error, dir, "ENOSPC");
  if (!during.opening || during.fresh) return null;
  return new StartError(
    `The embedded database in ${dir} cannot be opened (${(error as Error).message}): it is damaged or was written by another PGlite version; restore DATA_DIR from a backup (npm run restore -- <file>), or move ${dir} away to start with an empty database.`,
    { cause: error },
  );
}

/** Where DATABASE_URL points, for messages: never its password. */
function postgresPlace(url: string): string {
  const { hostname, port } = new URL(url);
  return `PostgreSQL at ${hostname || "localhost"}:${port || 5432}`;
}

/** The one-line StartError for a PostgreSQL database that cannot be used, when we know why. */
function postgresProblem(error: unknown, url: string): StartError | null {
  const codes = errorCodes(error);
  const place = postgresPlace(url);
  // The server's own words ("database "x" does not exist"), from the innermost error.
  let inner: unknown = error;
  while ((inner as { cause?: unknown })?.cause) inner = (inner as { cause: unknown }).cause;
  const said = (inner as Error).message;
  const has = (...wanted: string[]) => wanted.some((code) => codes.includes(code));
  const message = (() => {
    if (has("ECONNREFUSED")) {
      return `${place} refused the connection (ECONNREFUSED): start PostgreSQL, or fix the host and port in DATABASE_URL.`;
    }
    if (has("ENOTFOUND", "EAI_AGAIN")) {
      return `The host of DATABASE_URL cannot be found (${said}): fix the host in DATABASE_URL.`;
    }
    if (has("CONNECT_TIMEOUT", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH")) {
      return `${place} did not answer (${said}): check that it runs and can be reached from here, or fix DATABASE_URL.`;
    }
    if (has("3D000")) {
      return `${place} has no such database (${said}): create it, or fix the database name in DATABASE_URL.`;
    }
    if (has("28000", "28P01")) {
      return `${place} refused the login (${said}): fix the user name or password in DATABASE_URL.`;
    }
    if (has("57P03", "53300")) {
      return `${place} cannot take a connection now (${said}): try again in a moment.`;
    }
    if (has("42501")) {
      return `${place} refused the migrations (${said}): give the user in DATABASE_URL the right to create schemas and tables in its database.`;
    }
    if (has("53100")) {
      return `${place} is out of disk space (${said}): free space on the database server.`;
    }
    return null;
  })();
  return message ? new StartError(message, { cause: error }) : null;
}
