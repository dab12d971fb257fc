/**
 * A server's start, over and over, for lock.test.ts. For each round r it waits until the test
 * creates `<base>/<r>/go` (so that every contender tries at the same moment), tries to lock the
 * directory `<base>/<r>`, prints "<r> locked" or "<r> refused", and holds the lock until the
 * test creates `<base>/<r>/end`.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { DataDirLockedError, lockDataDir } from "./lock";

const [base = "", rounds = "1"] = process.argv.slice(2);
const pause = new Int32Array(new SharedArrayBuffer(4));

for (let round = 0; round < Number(rounds); round++) {
  const dir = path.join(base, String(round));
  process.stdout.write(`${round} ready\n`);
  while (!existsSync(path.join(dir, "go"))) {
    // Spin rather than sleep: the contenders must start within microseconds of each other.
  }
  let release = () => {};
  try {
    release = lockDataDir(dir);
    process.stdout.write(`${round} locked\n`);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stdout.write(`${round} refused\n`);
  }
  while (!existsSync(path.join(dir, "end"))) Atomics.wait(pause, 0, 0, 5);
  release();
}
