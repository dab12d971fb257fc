import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dirs: string[] = [];
/** What STORAGE_URL and REDIS_URL require. */
const SECRET = "a-secret-shared-by-every-instance-0123";
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hybridge-config-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(dataDir);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.smtpUrl).toBeUndefined();
    expect([...config.adminEmails]).toEqual([]);
    expect(config.trustedOrigins).toContain("http://localhost:5173");
    expect(config.trustProxy).toBe(false);
    expect(config.seedStore).toBe(true);
    expect(config.fileSweep).toEqual({ intervalMs: 3_600_000, minAgeMs: 3_600_000 });
    expect(config.storage).toEqual({ kind: "local", root: path.join(dataDir, "files") });
  });

  it("reads STORAGE_URL: an S3 bucket, its prefix, endpoint and region, and the key pair", () => {
    const dataDir = tempDir();
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SECRET,
        STORAGE_URL:
          "s3://my-files.test/hybridge/prod/?endpoint=http://127.0.0.1:9000/&region=eu-west-3",
        AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
        AWS_SECRET_ACCESS_KEY: "secret-example",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "my-files.test",
      prefix: "hybridge/prod/",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-3",
      // On with an endpoint: S3-compatible stores are seldom reachable at <bucket>.<host>.
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret-example" },
    });
    // AWS itself: the region from AWS_REGION, the credentials from the SDK's own chain.
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SECRET,
        STORAGE_URL: "s3://bucket",
        AWS_REGION: "ca-central-1",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "bucket",
      prefix: "",
      endpoint: undefined,
      region: "ca-central-1",
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SECRET,
        STORAGE_URL: "s3://bucket?endpoint=https://s3.example.test&forcePathStyle=false",
      }).storage,
    ).toMatchObject({ region: "us-east-1", forcePathStyle: false });
  });

  it("refuses a STORAGE_URL it cannot use, and half a key pair, naming the key", () => {
    const dataDir = tempDir();
    const refused: [string, RegExp][] = [
      ["http://bucket", /STORAGE_URL: must be an s3:\/\/ URL/],
      ["bucket", /STORAGE_URL: must be a URL/],
      ["s3://My_Bucket", /STORAGE_URL: "My_Bucket" is not an S3 bucket name/],
      ["s3://bucket/files/a b", /STORAGE_URL: the prefix "files\/a%20b" may hold only/],
      ["s3://bucket?endpont=http://x", /STORAGE_URL: unknown option "endpont"/],
      ["s3://bucket?endpoint=localhost:9000", /STORAGE_URL: endpoint "localhost:9000" must be/],
      ["s3://bucket?forcePathStyle=yes", /STORAGE_URL: forcePathStyle must be true or false/],
      ["s3://key:secret@bucket", /STORAGE_URL: must not carry credentials/],
      ["s3://bucket:9000", /STORAGE_URL: the bucket's address goes in \?endpoint=/],
    ];
    for (const [url, message] of refused) {
      expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE_URL: url })).toThrowError(message);
    }
    // Named with every other bad key.
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        PORT: "eighty",
        STORAGE_URL: "s3://bucket",
        AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
      }),
    ).toThrowError(
      /PORT: .*\n {2}AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together/,
    );
  });

  it("needs SECRET when files or limits are shared (STORAGE_URL, REDIS_URL)", () => {
    const dataDir = tempDir();
    for (const shared of [{ STORAGE_URL: "s3://bucket" }, { REDIS_URL: "redis://cache" }]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, ...shared })).toThrow(
        /SECRET: must be set \(the same on every instance\) when STORAGE_URL or REDIS_URL is set/,
      );
      expect(loadConfig({ DATA_DIR: dataDir, SECRET: "s".repeat(32), ...shared }).secret).toBe(
        "s".repeat(32),
      );
    }
  });

  it("reads scheduled backups: BACKUP_CRON, BACKUP_DIR and BACKUP_KEEP, for the embedded database", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).backup).toBeNull();
    const daily = loadConfig({ DATA_DIR: dataDir, BACKUP_CRON: "0 3 * * *" }).backup;
    expect(daily).toMatchObject({ dir: path.join(path.dirname(dataDir), "backups"), keep: 7 });
    expect([...(daily?.schedule.hours ?? [])]).toEqual([3]);
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        BACKUP_CRON: "*/30 * * * *",
        BACKUP_DIR: "/b",
        BACKUP_KEEP: "2",
      }).backup,
    ).toMatchObject({ dir: "/b", keep: 2 });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, BACKUP_CRON: "0 25 * * *", BACKUP_KEEP: "0" }),
    ).toThrow(/BACKUP_CRON: the hour field "25" is outside 0-23[\s\S]*BACKUP_KEEP/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, BACKUP_CRON: "0 3 * * *", DATABASE_URL: "postgres://db/x" }),
    ).toThrow(/BACKUP_CRON: schedules backups of the embedded database only/);
  });

  it("counts rate limits in Redis only with REDIS_URL, under REDIS_KEY_PREFIX", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).redis).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir, SECRET, REDIS_URL: "redis://cache:6379/2" }).redis,
    ).toEqual({
      url: "redis://cache:6379/2",
      keyPrefix: "hybridge:",
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SECRET,
        REDIS_URL: "rediss://cache",
        REDIS_KEY_PREFIX: "eu:",
      }).redis?.keyPrefix,
    ).toBe("eu:");
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRET, REDIS_URL: "http://cache:6379" })).toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_KEY_PREFIX: "a b" })).toThrow(
      /REDIS_KEY_PREFIX/,
    );
  });

  it("reads the file sweep's interval and age in minutes; the age may be 0, not the interval", () => {
    const dataDir = tempDir();
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        FILE_SWEEP_INTERVAL_MINUTES: "15",
        FILE_SWEEP_MIN_AGE_MINUTES: "0",
      }).fileSweep,
    ).toEqual({ intervalMs: 900_000, minAgeMs: 0 });
    expect(() => loadConfig({ DATA_DIR: dataDir, FILE_SWEEP_INTERVAL_MINUTES: "0" })).toThrowError(
      /FILE_SWEEP_INTERVAL_MINUTES/,
    );
  });

  it("reads the audit log's retention in days: a year by default, 0 for forever", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).auditRetentionDays).toBe(365);
    expect(loadConfig({ DATA_DIR: dataDir, AUDIT_RETENTION_DAYS: "30" }).auditRetentionDays).toBe(
      30,
    );
    expect(loadConfig({ DATA_DIR: dataDir, AUDIT_RETENTION_DAYS: "0" }).auditRetentionDays).toBe(
      null,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, AUDIT_RETENTION_DAYS: "-1" })).toThrowError(
      /AUDIT_RETENTION_DAYS/,
    );
  });

  it("reads the shutdown's delay and time limit in seconds: no delay and 25 s by default", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).shutdown).toEqual({ delayMs: 0, timeoutMs: 25_000 });
    expect(
      loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DELAY_SECONDS: "5", SHUTDOWN_TIMEOUT_SECONDS: "40" })
        .shutdown,
    ).toEqual({ delayMs: 5_000, timeoutMs: 40_000 });
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        SHUTDOWN_DELAY_SECONDS: "-1",
        SHUTDOWN_TIMEOUT_SECONDS: "0",
      }),
    ).toThrow(/SHUTDOWN_DELAY_SECONDS[\s\S]*SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it("reads METRICS_TOKEN: unset by default (no /metrics), refused when short or spaced", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).metrics).toEqual({ token: undefined });
    const token = "metrics-token-0123456789";
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: ` ${token} ` }).metrics).toEqual({
      token,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: "has a space in it, long" }),
    ).toThrow(/METRICS_TOKEN/);
  });

  it("keeps PATH's folders, where the Android tools are looked for", () => {
    const dataDir = tempDir();
    const PATH = ["/usr/local/bin", "", "/usr/bin"].join(path.delimiter);
    expect(loadConfig({ DATA_DIR: dataDir, PATH }).executablePath).toEqual([
      "/usr/local/bin",
      "/usr/bin",
    ]);
    expect(loadConfig({ DATA_DIR: dataDir }).executablePath).toEqual([]);
  });

  it("reads yes/no flags and refuses anything else", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, SEED_STORE: "0" }).seedStore).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_STORE: "yes" }).seedStore).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, SEED_STORE: "maybe" })).toThrowError(
      /SEED_STORE: must be true or false/,
    );
  });

  it("reads TRUST_PROXY as a number of proxies or their addresses, and refuses true", () => {
    const dataDir = tempDir();
    const trust = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    for (const off of ["false", "0", "no", "OFF"]) expect(trust(off)).toBe(false);
    expect(trust("1")).toEqual({ hops: 1 });
    expect(trust(" 2 ")).toEqual({ hops: 2 });
    expect(trust("127.0.0.1")).toEqual({ addresses: ["127.0.0.1"] });
    expect(trust("10.0.0.5, 10.0.1.0/24,fd00::/8,::1,loopback")).toEqual({
      addresses: ["10.0.0.5", "10.0.1.0/24", "fd00::/8", "::1", "loopback"],
    });
    // `true` believed the whole header, whose first entry the client writes.
    for (const all of ["true", "yes", "on"]) {
      expect(() => trust(all)).toThrowError(
        new RegExp(
          `TRUST_PROXY: "${all}" would believe every X-Forwarded-For entry, and the client writes the first one: give the number of proxies in front \\(TRUST_PROXY=1 behind one nginx\\) or their addresses`,
        ),
      );
    }
    for (const bad of ["nginx", "10.0.0.0/33", "10.0.0.0/0", "10.0.0.1,", "1.2.3.4/8/8"]) {
      expect(() => trust(bad), bad).toThrowError(/TRUST_PROXY: ".*" is not an IP address or range/);
    }
    expect(() => trust("11")).toThrowError(/TRUST_PROXY: a number of proxies must be 10 or fewer/);
  });

  it("names every bad key at once", () => {
    const load = () =>
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        SECRET: "short",
        SMTP_URL: "http://x",
      });
    expect(load).toThrowError(ConfigError);
    for (const key of ["PORT", "DATABASE_URL", "SECRET", "SMTP_URL"]) {
      expect(load, key).toThrowError(key);
    }
  });

  it("generates a secret on first start and keeps it in DATA_DIR", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).secret).toBe(first);
  });

  it("never uses an empty stored secret: it generates a new one; a short one is refused", () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, "secret");
    for (const empty of ["", "  \n"]) {
      writeFileSync(file, empty);
      const secret = loadConfig({ DATA_DIR: dataDir }).secret;
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(file, "utf8").trim()).toBe(secret);
    }
    expect(readdirSync(dataDir)).toEqual(["secret"]);

    writeFileSync(file, "too-short");
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrowError(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrowError(
      `${file}: the stored secret must be at least 32 characters`,
    );
    // SECRET, when set, is used instead of the file.
    expect(loadConfig({ DATA_DIR: dataDir, SECRET: "s".repeat(32) }).secret).toBe("s".repeat(32));
  });

  it("refuses admin entries that are not e-mails, naming the key and the entry", () => {
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), ADMIN_EMAILS: "boss@example.test, boss, ops@example" }),
    ).toThrowError(
      /ADMIN_EMAILS: "boss" is not an e-mail address\n {2}ADMIN_EMAILS: "ops@example" is not an e-mail address/,
    );
  });

  it("lower-cases admin e-mails and treats empty values as unset", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ADMIN_EMAILS: " Boss@Example.test ,, ops@example.test",
      DATABASE_URL: "",
    });
    expect([...config.adminEmails]).toEqual(["boss@example.test", "ops@example.test"]);
    expect(config.databaseUrl).toBeUndefined();
  });
});
