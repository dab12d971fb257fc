import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataDirLockedError, lockDataDir, startMark } from "./lock";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const DEAD_PID = "999999999";
const contenderScript = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "lock-contender.ts",
);

/** The pid in the lock file, and whether it carries a start token. */
function lockHolder(dir: string) {
  const holder = JSON.parse(readFileSync(path.join(dir, "server.lock"), "utf8"));
  return { pid: holder.pid, hasToken: typeof holder.token === "string" && holder.token.length > 0 };
}

describe("lockDataDir", () => {
  it("refuses a second holder while the first lives, and frees the directory on release", () => {
    dir = mkdtempSync(path.join(tmpdir(), "hybridge-lock-"));
    // Another live process holds the lock (our parent stands in for it).
    writeFileSync(path.join(dir, "server.lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrowError(/in use by another Hybridge server/);
    rmSync(path.join(dir, "server.lock"));

    const release = lockDataDir(dir);
    expect(lockHolder(dir)).toEqual({ pid: process.pid, hasToken: true });
    release();
    expect(existsSync(path.join(dir, "server.lock"))).toBe(false);
    expect(existsSync(path.join(dir, "server.lock.guard"))).toBe(false);
  });

  it("takes over a lock left by a process that died, or an unreadable one", () => {
    dir = mkdtempSync(path.join(tmpdir(), "hybridge-lock-"));
    for (const content of [DEAD_PID, "", "garbage"]) {
      writeFileSync(path.join(dir, "server.lock"), content);
      const release = lockDataDir(dir);
      expect(lockHolder(dir).pid).toBe(process.pid);
      release();
    }
  });

  it("takes over a lock whose pid now belongs to another program, started at another moment", () => {
    dir = mkdtempSync(path.join(tmpdir(), "hybridge-lock-"));
    const unrelated = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      const pid = unrelated.pid as number;
      const started = startMark(pid);
      expect(started).not.toBeNull();
      // The holder recorded when it started; the live process with its pid started later.
      writeFileSync(
        path.join(dir, "server.lock"),
        JSON.stringify({ pid, token: "an-earlier-server", started: `${started}0` }),
      );
      const release = lockDataDir(dir);
      expect(lockHolder(dir).pid).toBe(process.pid);
      release();

      // The same pid with its own start mark is the holder itself, still running: respected.
      writeFileSync(path.join(dir, "server.lock"), JSON.stringify({ pid, token: "t", started }));
      expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);
    } finally {
      unrelated.kill();
    }
  });

  it("respects the lock of a running Hybridge server until it releases it", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "hybridge-lock-"));
    const locked = path.join(dir, "0");
    mkdirSync(locked);
    writeFileSync(path.join(locked, "go"), "");
    const server = spawn(process.execPath, ["--import", "tsx", contenderScript, dir, "1"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      let out = "";
      server.stdout.on("data", (chunk) => {
        out += chunk;
      });
      await vi.waitUntil(
        () => {
          if (server.exitCode !== null) throw new Error(`contender: ${out}`);
          return out.includes("0 locked");
        },
        { timeout: 30_000, interval: 20 },
      );
      expect(lockHolder(locked).pid).toBe(server.pid);
      expect(() => lockDataDir(locked)).toThrowError(
        `The data directory ${locked} is in use by another Hybridge server (pid ${server.pid}).`,
      );

      const exited = new Promise((resolve) => server.once("exit", resolve));
      writeFileSync(path.join(locked, "end"), "");
      await exited;
      expect(existsSync(path.join(locked, "server.lock"))).toBe(false);
      lockDataDir(locked)();
    } finally {
      server.kill();
    }
  }, 60_000);

  it("gets past a guard left by a start that died while locking", () => {
    dir = mkdtempSync(path.join(tmpdir(), "hybridge-lock-"));
    writeFileSync(path.join(dir, "server.lock.guard"), DEAD_PID);
    lockDataDir(dir)();
    expect(existsSync(path.join(dir, "server.lock.guard"))).toBe(false);
  });

  it("releases only its own lock", () => {
    dir = mkdtempSync(path.join(tmpdir(), "hybridge-lock-"));
    const release = lockDataDir(dir);
    // Someone removed our lock by hand and another server took the directory.
    writeFileSync(path.join(dir, "server.lock"), String(process.ppid));
    release();
    expect(readFileSync(path.join(dir, "server.lock"), "utf8")).toBe(String(process.ppid));
  });

  it("lets exactly one of several simultaneous starts take over a stale lock", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "hybridge-lock-race-"));
    const contenders = 4;
    const rounds = 25;
    for (let round = 0; round < rounds; round++) {
      mkdirSync(path.join(dir, String(round)));
      writeFileSync(path.join(dir, String(round), "server.lock"), DEAD_PID);
    }
    const children = Array.from({ length: contenders }, () => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", contenderScript, dir, String(rounds)],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      const state = { out: "", err: "", exited: false };
      child.stdout.on("data", (chunk) => {
        state.out += chunk;
      });
      child.stderr.on("data", (chunk) => {
        state.err += chunk;
      });
      child.on("exit", () => {
        state.exited = true;
      });
      return { child, state };
    });
    const said = (state: { out: string }, round: number) =>
      state.out.split("\n").filter((line) => line.startsWith(`${round} `));
    // Until the contenders answer; a contender that stops fails the test at once.
    const until = (done: () => boolean) =>
      vi.waitUntil(
        () => {
          const crashed = children.find((c) => c.state.exited);
          if (crashed) throw new Error(`a contender stopped: ${crashed.state.err}`);
          return done();
        },
        { timeout: 30_000, interval: 5 },
      );

    try {
      const winners: number[] = [];
      for (let round = 0; round < rounds; round++) {
        await until(() => children.every((c) => said(c.state, round).includes(`${round} ready`)));
        writeFileSync(path.join(dir, String(round), "go"), "");
        await until(() => children.every((c) => said(c.state, round).length === 2));
        winners.push(
          children.filter((c) => said(c.state, round).includes(`${round} locked`)).length,
        );
        writeFileSync(path.join(dir, String(round), "end"), "");
      }
      expect(winners).toEqual(Array(rounds).fill(1));
    } finally {
      for (const { child } of children) child.kill();
    }
  }, 90_000);
});
