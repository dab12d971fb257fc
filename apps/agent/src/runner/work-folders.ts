import { createHash } from "node:crypto";
import { chmod, lstat, mkdir, readdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** What every machine's parent folder is called, before its name. */
export const WORK_ROOT_PREFIX = "hybridge-agent-";
const PID_FILE = "machine.pid";

/** The parent folders this process holds now (two machines of one name in one process). */
const heldHere = new Set<string>();

/**
 * A machine's name for its folder, from its token: the same at every start of that machine,
 * different for every other machine, and telling nothing of the token.
 */
export const machineFolderName = (token: string) =>
  createHash("sha256").update(token).digest("hex").slice(0, 16);

/** True while a process with this id runs (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export type WorkRoot = {
  /** The machine's parent folder: every job's folder is made in it. */
  dir: string;
  /** The folders of earlier runs removed at start. */
  swept: string[];
  /** At stop: the pid file goes (and the folder, when empty). */
  close: () => Promise<void>;
};

/**
 * A build machine's work folders live in one parent folder of its own under the system's
 * temporary folder, `hybridge-agent-<name>` (0700), beside a pid file that says which process
 * holds it. A machine killed with -9 leaves its jobs' folders there — bundles, APKs, keystores
 * being made —, so at start a machine removes every folder in its parent unless the pid file
 * names another process that still runs: the same machine started twice on one host keeps its
 * hands off the other's builds, and machines of other names (other tokens, other servers'
 * embedded machines) never look into each other's folders. A pid that a dead machine left and
 * an unrelated process took since only delays the sweep to a later start.
 */
export async function openWorkRoot(options: {
  name: string;
  /** Default: the system's temporary folder. */
  parent?: string;
}): Promise<WorkRoot> {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(options.name)) {
    throw new Error(
      `A machine's folder name is letters, digits, ".", "_" and "-": ${options.name}`,
    );
  }
  const dir = path.join(options.parent ?? tmpdir(), `${WORK_ROOT_PREFIX}${options.name}`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // In a shared temporary folder, someone else could have made it first (to read the builds).
  const info = await lstat(dir);
  if (!info.isDirectory() || (process.getuid && info.uid !== process.getuid())) {
    throw new Error(`${dir} is not a folder of this user's: remove it, then start again.`);
  }
  if ((info.mode & 0o077) !== 0) await chmod(dir, 0o700);
  const pidFile = path.join(dir, PID_FILE);
  const holder = Number.parseInt(await readFile(pidFile, "utf8").catch(() => ""), 10);
  const heldElsewhere =
    heldHere.has(dir) ||
    (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder));
  const swept: string[] = [];
  if (!heldElsewhere) {
    heldHere.add(dir);
    await writeFile(pidFile, `${process.pid}\n`, { mode: 0o600 });
    for (const entry of await readdir(dir)) {
      if (entry === PID_FILE) continue;
      await rm(path.join(dir, entry), { recursive: true, force: true });
      swept.push(entry);
    }
  }
  return {
    dir,
    swept,
    async close() {
      if (heldElsewhere) return;
      heldHere.delete(dir);
      const current = await readFile(pidFile, "utf8").catch(() => "");
      if (Number.parseInt(current, 10) === process.pid) await rm(pidFile, { force: true });
      await rmdir(dir).catch(() => {});
    },
  };
}
