import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { createExclusive, readIfExists, replaceWhole } from "./atomic-file";
import { type Cron, parseCron } from "./backup/cron";
import type { RateLimit } from "./rate-limit";
import { dataDirProblem } from "./start-error";

/** A yes/no variable: true, false, 1, 0, yes, no, on or off. */
const flag = (byDefault: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["true", "false", "1", "0", "yes", "no", "on", "off"], "must be true or false"))
    .transform((v) => ["true", "1", "yes", "on"].includes(v))
    .default(byDefault);

/** A variable read by `parse`, which gives the value or what is wrong with it. */
const parsedBy = <T>(parse: (value: string) => T | string) =>
  z.string().transform((value, ctx) => {
    const parsed = parse(value);
    if (typeof parsed === "string") {
      ctx.addIssue({ code: "custom", message: parsed });
      return z.NEVER;
    }
    return parsed;
  });

/**
 * The only reader of process.env. Parsed once at start; every bad key is named in one error.
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const emails = value
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      for (const email of emails) {
        if (!z.email().safeParse(email).success) {
          ctx.addIssue({ code: "custom", message: `"${email}" is not an e-mail address` });
        }
      }
      return emails;
    }),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Hybridge <no-reply@hybridge.dev>"),
  TRUSTED_ORIGINS: z.string().default(""),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  WRITE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  WRITE_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** A request that takes longer is logged (warn) even when it succeeds. */
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST_DIR: z.string().optional(),
  SEED_STORE: flag(true),
  FILE_SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(60),
  FILE_SWEEP_MIN_AGE_MINUTES: z.coerce.number().int().min(0).default(60),
  /** Where uploaded files live: unset, DATA_DIR/files; else an S3 bucket (decision 030). */
  STORAGE_URL: parsedBy(parseStorageUrl).optional(),
  // The S3 bucket's credentials and region, by their standard names. Without the keys, the
  // AWS SDK's own default chain finds them (a profile, an instance role).
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region name, e.g. eu-west-1")
    .optional(),
  /** How long a build machine keeps a build without a heartbeat (decision 020). */
  BUILD_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
  /** The largest built app the server takes from a build machine. */
  BUILD_MAX_ARTIFACT_MB: z.coerce.number().int().min(1).max(4096).default(200),
  /** Log lines kept per build; later ones are dropped (the last line says so). */
  BUILD_LOG_MAX_LINES: z.coerce.number().int().min(10).max(100_000).default(5000),
  /** A web bundle's limits once unpacked (decision 021). */
  BUNDLE_MAX_MB: z.coerce.number().int().min(1).max(2048).default(50),
  BUNDLE_MAX_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(5000),
  /** Fair limits per account and project (decision 035). */
  BUILD_MAX_QUEUED_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  BUNDLE_KEEP_PER_PROJECT: z.coerce.number().int().min(1).max(1000).default(5),
  PROJECT_MAX_STORAGE_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
  MAX_PROJECTS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(20),
  /** The server's own Android build machine (decision 022): on unless set to off. */
  BUILD_AGENT: z.enum(["on", "off"]).default("on"),
  /**
   * The dev app (Hybridge Dev, decision 049): built in the background after the start when this
   * server has no build for its version and PUBLIC_URL. Off: the server serves what another
   * instance built, and says why there is none otherwise.
   */
  DEV_APP_BUILD: flag(true),
  /** How many builds the embedded build machine runs at once. */
  BUILD_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Which proxies in front to believe about the client's address (decision 034). */
  TRUST_PROXY: parsedBy(parseTrustProxy).default(false),
  /** A shared store for rate limits (several instances): redis:// or rediss:// (decision 031). */
  REDIS_URL: z
    .url()
    .refine((url) => /^rediss?:\/\//.test(url), "must be a redis:// or rediss:// URL")
    .optional(),
  /** What this deployment's keys in Redis start with (several deployments may share one). */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, "must be 1 to 64 letters, digits, or : . _ -")
    .default("hybridge:"),
  /** The database API (decision 027): a document's size, documents per project, requests per key. */
  DATA_MAX_DOCUMENT_KB: z.coerce.number().int().min(1).max(1024).default(64),
  DATA_MAX_DOCUMENTS: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  DATA_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  DATA_MAX_FILE_MB: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * What the lists and counts remembered while their collection is unchanged may hold, in MB
   * (document-pages.ts, decision 064); 0 remembers nothing.
   */
  DATA_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(32),
  /**
   * Shutdown (SIGTERM, SIGINT): how long readiness answers 503 while the server still serves,
   * before the listener closes (a balancer's probe period), then how long closing may take.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(600).default(0),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  // --- Metrics (decision 062) ---
  /** The Bearer token /metrics asks for; unset, /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, "must be at least 16 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces")
    .optional(),
  // --- end of metrics ---
  // Where the Android toolchain is looked for (detectAndroidToolchain, @hybridge/agent/android).
  PATH: z.string().default(""),
  // Scheduled backups of the embedded database (decision 061): when, where, how many are kept.
  BACKUP_CRON: parsedBy(parseCron).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  // --- Audit log (decision 063) ---
  /** Audit events older than this many days are deleted (daily); 0 keeps them forever. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
  // --- end of audit log ---
});

/** The S3 key pair, judged even when other keys are bad (every bad key named at once). */
const CheckedEnvSchema = EnvSchema.refine(
  (e) => Boolean(e.AWS_ACCESS_KEY_ID) === Boolean(e.AWS_SECRET_ACCESS_KEY),
  {
    path: ["AWS_SECRET_ACCESS_KEY"],
    message: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both, or neither",
    when: () => true,
  },
).refine((e) => Boolean(e.SECRET) || (!e.STORAGE_URL && !e.REDIS_URL), {
  // Files in a bucket or limits in Redis mean several instances may share the database: a
  // secret generated in each one's DATA_DIR would differ, and a session or an encrypted key made
  // on one would be refused on the other (decision 031).
  path: ["SECRET"],
  message: "must be set (the same on every instance) when STORAGE_URL or REDIS_URL is set",
  when: () => true,
});

/** Scheduled backups are the embedded database's (PostgreSQL has its own tools). */
const BackupCheckedEnvSchema = CheckedEnvSchema.refine((e) => !e.BACKUP_CRON || !e.DATABASE_URL, {
  path: ["BACKUP_CRON"],
  message:
    "schedules backups of the embedded database only: with DATABASE_URL, use PostgreSQL's own backups or run npm run backup from one machine's cron",
  when: () => true,
});

/**
 * The proxies whose X-Forwarded-For entries are believed (decision 034): none (false), the
 * `hops` nearest ones (whatever connects to the server, then as many entries from the right of
 * the header), or those at the given addresses, ranges (CIDR) or proxy-addr's named ranges.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];
const TRUST_PROXY_FORMS =
  "the number of proxies in front (TRUST_PROXY=1 behind one nginx) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.0.1.0/24)";

/** An IP address, or an address range: `<ip>/<prefix length>`. */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (false, 0, no, off), a number of hops, or a comma list of the proxies'
 * addresses. `true` once meant "believe the whole header", whose left-most entry the client
 * writes: it is refused, naming the forms that replace it.
 */
function parseTrustProxy(value: string): TrustProxy | string {
  const text = value.trim().toLowerCase();
  if (["false", "no", "off"].includes(text)) return false;
  if (["true", "yes", "on"].includes(text)) {
    return `"${value}" would believe every X-Forwarded-For entry, and the client writes the first one: give ${TRUST_PROXY_FORMS}`;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops === 0) return false;
    return hops <= 10 ? { hops } : "a number of proxies must be 10 or fewer";
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.find(
    (entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrRange(entry),
  );
  if (bad !== undefined) {
    return `"${bad}" is not an IP address or range: give ${TRUST_PROXY_FORMS}, or false`;
  }
  return { addresses: entries };
}

/** Where uploaded files live (platform/storage.ts, s3-storage.ts). */
export type StorageConfig =
  | { kind: "local"; root: string }
  | {
      kind: "s3";
      bucket: string;
      /** "" or a folder's path ending with "/": what every key starts with in the bucket. */
      prefix: string;
      /** An S3-compatible store's address; undefined: AWS. */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      /** undefined: the AWS SDK's default chain. */
      credentials:
        | { accessKeyId: string; secretAccessKey: string; sessionToken?: string }
        | undefined;
    };

type S3Location = Omit<Extract<StorageConfig, { kind: "s3" }>, "region" | "credentials"> & {
  region: string | undefined;
};

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_PART = /^[A-Za-z0-9._-]+$/;
const STORAGE_OPTIONS = ["endpoint", "region", "forcePathStyle"];
const STORAGE_URL_FORMAT =
  "s3://<bucket>[/<prefix>]?endpoint=<url>&region=<region>&forcePathStyle=true|false";

/**
 * STORAGE_URL: `s3://<bucket>[/<prefix>]?endpoint=<url>&region=<region>&forcePathStyle=…`, every
 * option optional. Gives the bucket's location, or what is wrong with the value.
 */
function parseStorageUrl(value: string): S3Location | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be a URL of the form ${STORAGE_URL_FORMAT}`;
  }
  if (url.protocol !== "s3:") return `must be an s3:// URL (${STORAGE_URL_FORMAT})`;
  if (url.username || url.password) {
    return "must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY";
  }
  if (url.port) return "the bucket's address goes in ?endpoint=, not after the bucket's name";
  const bucket = url.hostname;
  if (!BUCKET_NAME.test(bucket)) {
    return `"${bucket}" is not an S3 bucket name (3 to 63 lower-case letters, digits, dots or hyphens)`;
  }
  const parts = url.pathname.split("/").filter(Boolean);
  if (parts.some((part) => !PREFIX_PART.test(part) || part === "." || part === "..")) {
    return `the prefix "${url.pathname.slice(1)}" may hold only letters, digits, and . _ - between slashes`;
  }
  for (const option of url.searchParams.keys()) {
    if (!STORAGE_OPTIONS.includes(option)) {
      return `unknown option "${option}" (known: ${STORAGE_OPTIONS.join(", ")})`;
    }
  }
  let endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined) {
    const parsed = URL.canParse(endpoint) ? new URL(endpoint) : null;
    if (!parsed || !["http:", "https:"].includes(parsed.protocol)) {
      return `endpoint "${endpoint}" must be an http:// or https:// URL`;
    }
    endpoint = endpoint.replace(/\/+$/, "");
  }
  const region = url.searchParams.get("region") ?? undefined;
  if (region !== undefined && !/^[a-z0-9-]+$/.test(region)) {
    return `region "${region}" must be a region name, e.g. eu-west-1`;
  }
  const pathStyle = url.searchParams.get("forcePathStyle");
  if (pathStyle !== null && !["true", "false"].includes(pathStyle)) {
    return "forcePathStyle must be true or false";
  }
  return {
    kind: "s3",
    bucket,
    prefix: parts.length > 0 ? `${parts.join("/")}/` : "",
    endpoint,
    region,
    // An S3-compatible store is seldom reachable at <bucket>.<host>.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === "true",
  };
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  secret: string;
  adminEmails: ReadonlySet<string>;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustedOrigins: string[];
  authRateLimit: RateLimit;
  /** Join and beta requests, comments and module uploads. */
  writeRateLimit: RateLimit;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  slowRequestMs: number;
  webDistDir: string | undefined;
  /** Put example modules in an empty store on the first start (see features/store/seed-store.ts). */
  seedStore: boolean;
  /** Which proxies' X-Forwarded-For the client address is taken from (decision 034). */
  trustProxy: TrustProxy;
  /** Rate limits counted in Redis (shared by every instance) instead of each process's memory. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** The sweep of files without a stored_files row (platform/file-sweep.ts). */
  fileSweep: { intervalMs: number; minAgeMs: number };
  /** Days an audit event is kept (AUDIT_RETENTION_DAYS); null: forever (decision 063). */
  auditRetentionDays: number | null;
  storage: StorageConfig;
  /** The folders of PATH: where the Android build tools are looked for. */
  executablePath: string[];
  /**
   * On SIGTERM (main.ts): readiness answers 503 for `delayMs` while everything is still served;
   * then closing may take `timeoutMs` before the process exits anyway.
   */
  shutdown: { delayMs: number; timeoutMs: number };
  /**
   * Scheduled backups (decision 061): null without BACKUP_CRON; into `dir` (BACKUP_DIR, or
   * DATA_DIR/../backups: never inside DATA_DIR), the last `keep` kept.
   */
  backup: { schedule: Cron; dir: string; keep: number } | null;
  /** /metrics (decision 062): its Bearer token; undefined, the route answers 404. */
  metrics: { token: string | undefined };
  /** The build queue and the embedded build machine (decisions 020 and 022). */
  builds: {
    leaseSeconds: number;
    maxArtifactBytes: number;
    maxLogLines: number;
    embeddedAgent: boolean;
    concurrency: number;
    /** Build the dev app after the start when it is missing (DEV_APP_BUILD). */
    devApp: boolean;
  };
  bundles: { maxUnpackedBytes: number; maxEntries: number };
  /**
   * Fair limits (decision 035): builds an account may have in the queue, web bundles kept per
   * project, bytes of files per project (bundles and documents' files), projects per account.
   */
  quotas: {
    maxQueuedBuildsPerUser: number;
    bundlesKeptPerProject: number;
    maxProjectStorageBytes: number;
    maxProjectsPerUser: number;
  };
  data: {
    maxDocumentBytes: number;
    maxDocuments: number;
    requestsPerMinute: number;
    maxFileBytes: number;
    /** The page and count cache's bound (document-pages.ts); 0: nothing remembered. */
    cacheBytes: number;
  };
};

export class ConfigError extends Error {}

const EMPTY_AS_UNSET = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));

/**
 * `readSecret: false` (npm run restore): the secret is neither read nor generated, so that an
 * empty DATA_DIR stays empty; `secret` is then "".
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: { readSecret?: boolean } = {},
): Config {
  const parsed = BackupCheckedEnvSchema.safeParse(EMPTY_AS_UNSET(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    secret: e.SECRET ?? (options.readSecret === false ? "" : secretIn(dataDir)),
    adminEmails: new Set(e.ADMIN_EMAILS),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustedOrigins: [
      publicUrl,
      `http://localhost:${e.PORT}`,
      `http://127.0.0.1:${e.PORT}`,
      // Vite's dev server proxies /api with its own origin.
      "http://localhost:5173",
      ...e.TRUSTED_ORIGINS.split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ],
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    writeRateLimit: {
      max: e.WRITE_RATE_LIMIT_MAX,
      windowSeconds: e.WRITE_RATE_LIMIT_WINDOW_SECONDS,
    },
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.SLOW_REQUEST_MS,
    webDistDir: e.WEB_DIST_DIR,
    seedStore: e.SEED_STORE,
    trustProxy: e.TRUST_PROXY,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    builds: {
      leaseSeconds: e.BUILD_LEASE_SECONDS,
      maxArtifactBytes: e.BUILD_MAX_ARTIFACT_MB * 1024 * 1024,
      maxLogLines: e.BUILD_LOG_MAX_LINES,
      embeddedAgent: e.BUILD_AGENT === "on",
      devApp: e.DEV_APP_BUILD,
      concurrency: e.BUILD_CONCURRENCY,
    },
    bundles: { maxUnpackedBytes: e.BUNDLE_MAX_MB * 1024 * 1024, maxEntries: e.BUNDLE_MAX_ENTRIES },
    quotas: {
      maxQueuedBuildsPerUser: e.BUILD_MAX_QUEUED_PER_USER,
      bundlesKeptPerProject: e.BUNDLE_KEEP_PER_PROJECT,
      maxProjectStorageBytes: e.PROJECT_MAX_STORAGE_MB * 1024 * 1024,
      maxProjectsPerUser: e.MAX_PROJECTS_PER_USER,
    },
    data: {
      maxDocumentBytes: e.DATA_MAX_DOCUMENT_KB * 1024,
      maxDocuments: e.DATA_MAX_DOCUMENTS,
      requestsPerMinute: e.DATA_RATE_LIMIT_PER_MINUTE,
      maxFileBytes: e.DATA_MAX_FILE_MB * 1024 * 1024,
      cacheBytes: e.DATA_CACHE_MB * 1024 * 1024,
    },
    fileSweep: {
      intervalMs: e.FILE_SWEEP_INTERVAL_MINUTES * 60_000,
      minAgeMs: e.FILE_SWEEP_MIN_AGE_MINUTES * 60_000,
    },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS === 0 ? null : e.AUDIT_RETENTION_DAYS,
    storage: e.STORAGE_URL
      ? {
          ...e.STORAGE_URL,
          region: e.STORAGE_URL.region ?? e.AWS_REGION ?? "us-east-1",
          credentials:
            e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: e.AWS_ACCESS_KEY_ID,
                  secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
                  ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
                }
              : undefined,
        }
      : { kind: "local", root: path.join(dataDir, "files") },
    executablePath: e.PATH.split(path.delimiter).filter(Boolean),
    shutdown: {
      delayMs: e.SHUTDOWN_DELAY_SECONDS * 1000,
      timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    backup: e.BACKUP_CRON
      ? {
          schedule: e.BACKUP_CRON,
          dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, "..", "backups")),
          keep: e.BACKUP_KEEP,
        }
      : null,
    metrics: { token: e.METRICS_TOKEN },
  };
}

function secretIn(dataDir: string): string {
  try {
    return readOrCreateSecret(dataDir);
  } catch (error) {
    throw dataDirProblem(error, dataDir) ?? error;
  }
}

const SECRET_MIN = 32;

/**
 * When SECRET is unset, one is generated on first start and kept in DATA_DIR/secret. An empty
 * file (a first start that stopped before writing it) gets a new secret, never used as an empty
 * one; a short one is refused, like a short SECRET.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret");
  const stored = readIfExists(file)?.trim() ?? null;
  if (stored && stored.length >= SECRET_MIN) return stored;
  if (stored) {
    throw new ConfigError(
      `Invalid configuration:\n  ${file}: the stored secret must be at least ${SECRET_MIN} characters; delete the file to have a new one generated, or set SECRET.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  const content = `${secret}\n`;
  // Written whole, then put in place: no other start can read it half-written.
  if (stored === "") {
    replaceWhole(file, content, 0o600);
    return secret;
  }
  // Another server starting on this DATA_DIR may have written one first: then use it.
  return createExclusive(file, content, 0o600) ? secret : readOrCreateSecret(dataDir);
}
