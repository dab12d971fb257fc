import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTool, shownPath, type ToolRun } from "./run-tool";
import { SHELL_DIR } from "./shell";

let dir: string;

/** A tool of our own making: a shell script, run the way runTool runs aapt or smali. */
async function fakeTool(name: string, script: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${script}\n`);
  await chmod(path, 0o755);
  return path;
}

function run(command: string, overrides: Partial<ToolRun> = {}) {
  const log: string[] = [];
  const result = runTool({
    step: "testing the tool",
    tool: "fake",
    command,
    args: [],
    cwd: dir,
    env: { PATH: "/usr/bin:/bin" },
    timeoutMs: 60_000,
    onLog: (line) => log.push(line),
    ...overrides,
  });
  return { result, log };
}

/** Whether a process still runs (a zombie waiting to be reaped has stopped running). */
async function isRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hybridge-run-tool-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("runTool", () => {
  it("streams the tool's output into the log and resolves with its standard output", async () => {
    const tool = await fakeTool("talk", 'echo "one"; echo "two" >&2; printf "three"');
    const { result, log } = run(tool, { args: ["--flag", "a b"] });
    expect(await result).toBe("one\nthree\n");
    expect(log[0]).toBe("$ fake --flag a b");
    expect(log.slice(1, -1).sort()).toEqual(["one", "three", "two"]);
    expect(log.at(-1)).toMatch(/^fake: done in \d+ ms$/);
  });

  it("shows no absolute path of the machine in the log: the build folder's relative, the shell's by name", async () => {
    const tool = await fakeTool("paths", 'echo "wrote $1"; echo "read $2" >&2');
    const { result, log } = run(tool, {
      args: [
        join(dir, "out", "classes.dex"),
        join(SHELL_DIR, "smali"),
        "/usr/share/android-framework-res/framework-res.apk",
      ],
    });
    await result;
    expect(log[0]).toBe("$ fake out/classes.dex android-shell/smali framework-res.apk");
    expect(log).toContain("wrote out/classes.dex");
    expect(log).toContain("read android-shell/smali");
    for (const line of log) {
      expect(line).not.toContain(dir);
      expect(line).not.toContain(SHELL_DIR);
    }
    expect(shownPath(dir, dir)).toBe(".");
    expect(shownPath("relative/file", dir)).toBe("relative/file");
  });

  it("passes only the environment it is given", async () => {
    const tool = await fakeTool("env", 'echo "[$SECRET] $GIVEN"');
    process.env.SECRET = "server secret";
    try {
      expect(await run(tool, { env: { GIVEN: "yes" } }).result).toBe("[] yes\n");
    } finally {
      delete process.env.SECRET;
    }
  });

  it("names the step, the tool and its exit code when it fails", async () => {
    const tool = await fakeTool("fail", 'echo "bad input" >&2; exit 3');
    const { result, log } = run(tool);
    await expect(result).rejects.toMatchObject({
      code: "STEP_FAILED",
      message:
        "The Android build failed while testing the tool (fake exited with code 3). The build log has the details.",
    });
    expect(log).toContain("bad input");
  });

  it("kills the tool and everything it started once its time limit has passed", async () => {
    // Like smali's wrapper script and the JVM it starts: the child outlives nothing.
    const tool = await fakeTool("hang", "sleep 600 & echo $! > child.pid; echo started; wait");
    const started = Date.now();
    const { result, log } = run(tool, { timeoutMs: 1500 });
    await expect(result).rejects.toMatchObject({
      code: "STEP_TIMEOUT",
      message: "The Android build was stopped: testing the tool took longer than 2 s.",
    });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(log).toContain("started");
    const child = Number(await readFile(join(dir, "child.pid"), "utf8"));
    await expect.poll(() => isRunning(child), { timeout: 10_000 }).toBe(false);
  });

  it("kills the tool and everything it started when its signal is aborted", async () => {
    const tool = await fakeTool(
      "handed-back",
      "sleep 600 & echo $! > handed-back.pid; echo started; wait",
    );
    const controller = new AbortController();
    const { result, log } = run(tool, { signal: controller.signal });
    await expect.poll(() => log.includes("started"), { timeout: 10_000 }).toBe(true);
    controller.abort();
    await expect(result).rejects.toMatchObject({ code: "STEP_FAILED" });
    const child = Number(await readFile(join(dir, "handed-back.pid"), "utf8"));
    await expect.poll(() => isRunning(child), { timeout: 10_000 }).toBe(false);
    // Already aborted: the tool is stopped as soon as it starts.
    await expect(run(tool, { signal: controller.signal }).result).rejects.toMatchObject({
      code: "STEP_FAILED",
    });
  });

  it("says the tool is missing when there is nothing to run", async () => {
    const { result } = run(join(dir, "not-installed"), { tool: "aapt" });
    await expect(result).rejects.toMatchObject({
      code: "TOOLCHAIN_MISSING",
      message: "The Android build tools are not installed on this build machine: aapt missing.",
    });
  });
});
