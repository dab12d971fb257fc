import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./lock";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("lockDataDir", () => {
  it("refuses a second holder while the first lives, and frees the directory on release", () => {
    dir = mkdtempSync(path.join(tmpdir(), "hybridge-lock-"));
    // Another live process holds the lock (our parent stands in for it).
    writeFileSync(path.join(dir, "server.lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrowError(/in use by another Hybridge server/);
    rmSync(path.join(dir, "server.lock"));

    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, "server.lock"))).toBe(true);
    release();
    expect(existsSync(path.join(dir, "server.lock"))).toBe(false);
  });

  it("takes over a lock left by a process that died", () => {
    dir = mkdtempSync(path.join(tmpdir(), "hybridge-lock-"));
    writeFileSync(path.join(dir, "server.lock"), "999999999");
    const release = lockDataDir(dir);
    release();
  });
});
