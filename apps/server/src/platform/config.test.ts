import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dirs: string[] = [];
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
  });

  it("counts rate limits in Redis only with REDIS_URL, under REDIS_KEY_PREFIX", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).redis).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: "redis://cache:6379/2" }).redis).toEqual({
      url: "redis://cache:6379/2",
      keyPrefix: "hybridge:",
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, REDIS_URL: "rediss://cache", REDIS_KEY_PREFIX: "eu:" }).redis
        ?.keyPrefix,
    ).toBe("eu:");
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_URL: "http://cache:6379" })).toThrow(
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
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "yes" }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_STORE: "0" }).seedStore).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "maybe" })).toThrowError(
      /TRUST_PROXY: must be true or false/,
    );
  });

  it("names every bad key at once", () => {
    expect(() =>
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        SECRET: "short",
        SMTP_URL: "http://x",
      }),
    ).toThrowError(ConfigError);
    try {
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        SECRET: "short",
        SMTP_URL: "http://x",
      });
    } catch (error) {
      const message = (error as Error).message;
      for (const key of ["PORT", "DATABASE_URL", "SECRET", "SMTP_URL"])
        expect(message).toContain(key);
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
