import { spawn } from "node:child_process";
import { basename, isAbsolute, relative, sep } from "node:path";
import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import { AndroidBuildError } from "./errors";
import { SHELL_DIR } from "./shell";

/** How the log names the shell's sources: by their folder in the repository. */
const SHELL_NAME = "android-shell";

const inside = (root: string, path: string) => path === root || path.startsWith(`${root}${sep}`);

/**
 * A path as the build log shows it (issue 28: the owner reads the log): relative to the build's
 * folder, the shell's sources as android-shell/…, anything else by its file name. No absolute
 * path of the machine reaches the log.
 */
export function shownPath(path: string, cwd: string): string {
  if (!isAbsolute(path)) return path;
  if (inside(cwd, path)) return relative(cwd, path) || ".";
  if (inside(SHELL_DIR, path))
    return [SHELL_NAME, relative(SHELL_DIR, path)].filter(Boolean).join("/");
  return basename(path);
}

/** A line a tool printed, with the build's folder and the shell's sources named as above. */
export function shownLine(line: string, cwd: string): string {
  return line.replaceAll(`${cwd}${sep}`, "").replaceAll(cwd, ".").replaceAll(SHELL_DIR, SHELL_NAME);
}

export interface ToolRun {
  /** What the step does, as a failure reason names it: "packaging the resources". */
  step: string;
  /** The tool's name for the log and the failure reason. */
  tool: string;
  /** Absolute path of the executable: nothing is looked up on a PATH or run through a shell. */
  command: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  onLog: (line: string) => void;
  /** Aborted: the tool is killed with everything it started (a machine handing its build back). */
  signal?: AbortSignal;
}

/** Kept in memory for the caller to read (apksigner's report); the log gets every line. */
const MAX_STDOUT_CHARS = 1_000_000;

/**
 * Runs one toolchain step as a child process: its output goes to the build log line by line,
 * and past its time limit it is killed with everything it started (the JVM behind a wrapper
 * script included). Resolves with its standard output; rejects with an AndroidBuildError whose
 * message can be shown as the build's failure reason.
 */
export function runTool(run: ToolRun): Promise<string> {
  const { step, tool, cwd } = run;
  const onLog = (line: string) => run.onLog(shownLine(line, cwd));
  run.onLog(`$ ${tool} ${run.args.map((arg) => shownPath(arg, cwd)).join(" ")}`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // A process group of its own, so that a timeout kills the wrapper's JVM too.
    const child = spawn(run.command, run.args, {
      cwd: run.cwd,
      env: run.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let timedOut = false;
    let settled = false;
    const settle = (error: AndroidBuildError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(stdout);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, run.timeoutMs);
    const abort = () => killGroup(child.pid);
    if (run.signal?.aborted) abort();
    run.signal?.addEventListener("abort", abort, { once: true });
    child.on("close", () => run.signal?.removeEventListener("abort", abort));

    forwardLines(child.stdout, (line) => {
      if (stdout.length < MAX_STDOUT_CHARS) stdout += `${line}\n`;
      onLog(line);
    });
    forwardLines(child.stderr, onLog);

    child.on("error", (error: NodeJS.ErrnoException) => {
      killGroup(child.pid);
      settle(
        error.code === "ENOENT" || error.code === "EACCES"
          ? new AndroidBuildError("TOOLCHAIN_MISSING", AndroidBuildTexts.toolchainMissing([tool]), {
              cause: error,
            })
          : new AndroidBuildError(
              "STEP_FAILED",
              AndroidBuildTexts.stepFailed(step, tool, "could not start"),
              { cause: error },
            ),
      );
    });
    child.on("close", (code, signal) => {
      if (timedOut) {
        onLog(`${tool} took longer than ${run.timeoutMs} ms and was stopped`);
        settle(
          new AndroidBuildError(
            "STEP_TIMEOUT",
            AndroidBuildTexts.stepTimedOut(step, Math.max(1, Math.round(run.timeoutMs / 1000))),
          ),
        );
      } else if (code !== 0) {
        const exit = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
        settle(
          new AndroidBuildError("STEP_FAILED", AndroidBuildTexts.stepFailed(step, tool, exit)),
        );
      } else {
        onLog(`${tool}: done in ${Math.round(performance.now() - started)} ms`);
        settle(null);
      }
    });
  });
}

function forwardLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void) {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const lines = (pending + chunk).split(/\r?\n/);
    pending = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  });
  stream.on("end", () => {
    if (pending) onLine(pending);
  });
}

function killGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
