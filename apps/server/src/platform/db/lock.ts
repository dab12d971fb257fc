import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createExclusive, readIfExists, replaceWhole } from "../atomic-file";
import { dataDirProblem, StartError } from "../start-error";

export class DataDirLockedError extends StartError {}

const LOCK_FILE = "server.lock";
/** How long a start waits for another start that is taking the lock at this very moment. */
const GUARD_WAIT_MS = 5_000;

/** Who holds a lock or a guard: what its file says. */
type Holder = {
  pid: number;
  /** Set by the start that wrote the file: release removes only a file with its own token. */
  token?: string;
  /** The holder's `startMark` when it wrote the file; null where the system has no /proc. */
  started?: string | null;
};

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
}

const bootId = readOrNull("/proc/sys/kernel/random/boot_id") ?? "";

/**
 * When the process `pid` started, in a form that tells two processes with the same pid apart:
 * the boot and the start time in clock ticks since it (field 22 of /proc/<pid>/stat). Null
 * without /proc (macOS, Windows) or when the process is gone.
 */
export function startMark(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  // Field 2, the command name in parentheses, may itself hold spaces and parentheses.
  const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = fields?.[22 - 3];
  return ticks ? `${bootId}/${ticks}` : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the process a lock names still runs. A live pid is not enough: pids are reused (after
 * a reboot, or by a busy machine), so a live process that started at another moment than the
 * holder is another program, and the lock is stale. Where there is no /proc, or for a lock
 * written before start marks existed (a bare pid), the pid alone decides.
 */
function holderRuns(holder: Holder): boolean {
  if (!isAlive(holder.pid)) return false;
  if (!holder.started) return true;
  const now = startMark(holder.pid);
  return now === null || now === holder.started;
}

/** What a lock or guard file holds; null when there is no file, "unreadable" for garbage. */
function readHolder(file: string): Holder | null | "unreadable" {
  const text = readIfExists(file);
  if (text === null) return null;
  // Written by an earlier version: the pid alone.
  if (/^\d+$/.test(text.trim())) return { pid: Number(text) };
  try {
    const holder = JSON.parse(text) as Holder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : "unreadable";
  } catch {
    return "unreadable";
  }
}

const ourHolder = (token: string) =>
  JSON.stringify({ pid: process.pid, token, started: startMark(process.pid) } satisfies Holder);

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `decide` while holding `<lock>.guard`. Reading the lock, judging its holder dead and
 * replacing it is three steps: two starts doing them at once could both take a stale lock over
 * (or one remove the lock the other just took). Under the guard only one start at a time does.
 */
function withGuard<T>(lockFile: string, dataDir: string, token: string, decide: () => T): T {
  const guard = `${lockFile}.guard`;
  const deadline = Date.now() + GUARD_WAIT_MS;
  while (!createExclusive(guard, ourHolder(token))) {
    const holder = readHolder(guard);
    if (holder !== null && (holder === "unreadable" || !holderRuns(holder))) {
      // A start died within the few system calls it holds the guard for: nothing else can
      // release it. (Two starts finding such a guard at the same instant is the one race left.)
      rmSync(guard, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new DataDirLockedError(
        `Another Hybridge server (pid ${holder?.pid}) is starting on the data directory ${dataDir}: wait for it, or start this one with another DATA_DIR.`,
      );
    }
    pause(10);
  }
  try {
    return decide();
  } finally {
    rmSync(guard, { force: true });
  }
}

/**
 * PGlite does not lock its directory, and two processes on one directory corrupt it. The server
 * takes this lock before opening PGlite: a file naming its pid, its start mark and a random
 * token. A stale lock — its process gone, or its pid now another program's — is taken over. The
 * lock file is always written whole (a temporary file renamed into place), so a reader never
 * sees it empty. A directory that cannot be written stops the start with a StartError.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const token = randomBytes(16).toString("hex");
  try {
    mkdirSync(dataDir, { recursive: true });
    withGuard(file, dataDir, token, () => {
      const holder = readHolder(file);
      // Our own pid is a lock left by an earlier run (a container's pid 1): stale too.
      if (
        holder !== null &&
        holder !== "unreadable" &&
        holder.pid !== process.pid &&
        holderRuns(holder)
      ) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Hybridge server (pid ${holder.pid}). ` +
            "Stop it first, or start this one with another DATA_DIR.",
        );
      }
      replaceWhole(file, ourHolder(token));
    });
  } catch (error) {
    throw dataDirProblem(error, dataDir) ?? error;
  }

  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Only our own lock: never one another server took after ours was removed by hand.
    const holder = readHolder(file);
    if (holder !== null && holder !== "unreadable" && holder.token === token) {
      rmSync(file, { force: true });
    }
  };
}
