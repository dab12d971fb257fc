import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { createExclusive, readIfExists, replaceWhole } from "../atomic-file";

export class DataDirLockedError extends Error {}

const LOCK_FILE = "server.lock";
/** How long a start waits for another start that is taking the lock at this very moment. */
const GUARD_WAIT_MS = 5_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid a lock file holds; null when there is no file, NaN when it holds no number. */
function readPid(file: string): number | null {
  const text = readIfExists(file);
  return text === null ? null : Number.parseInt(text, 10);
}

const ourPid = () => String(process.pid);

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `decide` while holding `<lock>.guard`. Reading the lock, judging its holder dead and
 * replacing it is three steps: two starts doing them at once could both take a stale lock over
 * (or one remove the lock the other just took). Under the guard only one start at a time does.
 */
function withGuard<T>(lockFile: string, dataDir: string, decide: () => T): T {
  const guard = `${lockFile}.guard`;
  const deadline = Date.now() + GUARD_WAIT_MS;
  while (!createExclusive(guard, ourPid())) {
    const holder = readPid(guard);
    if (holder !== null && !isAlive(holder)) {
      // A start died within the few system calls it holds the guard for: nothing else can
      // release it. (Two starts finding such a guard at the same instant is the one race left.)
      rmSync(guard, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new DataDirLockedError(
        `Another Hybridge server (pid ${holder}) is starting on the data directory ${dataDir}.`,
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
 * takes this lock (a file holding its pid) before opening PGlite; a stale lock left by a dead
 * process is taken over. The lock file is always written whole (a temporary file renamed into
 * place), so a reader never sees it empty.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  withGuard(file, dataDir, () => {
    const holder = readPid(file);
    // Our own pid is a lock left by an earlier run (a container's pid 1): stale too.
    if (holder !== null && Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by another Hybridge server (pid ${holder}). ` +
          "Stop it first, or start this one with another DATA_DIR.",
      );
    }
    replaceWhole(file, ourPid());
  });

  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Only our own lock: never one another server took after ours was removed by hand.
    if (readPid(file) === process.pid) rmSync(file, { force: true });
  };
}
