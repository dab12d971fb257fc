import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { machineFolderName, openWorkRoot, WORK_ROOT_PREFIX } from "./work-folders";

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "hybridge-work-folders-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** The id of a process that has ended (as a machine killed with -9 has). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await once(child, "exit");
  return child.pid as number;
}

/** What a job of a killed run left: its folder with a bundle and the project's key. */
async function leftovers(root: string, pid: number) {
  await mkdir(path.join(root, "job-abc123", "www"), { recursive: true });
  await writeFile(path.join(root, "job-abc123", "bundle.zip"), "zip");
  await writeFile(path.join(root, "job-abc123", "upload.p12"), "key");
  await writeFile(path.join(root, "machine.pid"), `${pid}\n`);
}

describe("a build machine's work folders", () => {
  it("are removed at start when the run that made them is gone", async () => {
    const root = path.join(scratch, `${WORK_ROOT_PREFIX}killed`);
    await leftovers(root, await deadPid());
    const opened = await openWorkRoot({ name: "killed", parent: scratch });
    expect(opened.dir).toBe(root);
    expect(opened.swept).toEqual(["job-abc123"]);
    expect(await readdir(root)).toEqual(["machine.pid"]);
    expect((await readFile(path.join(root, "machine.pid"), "utf8")).trim()).toBe(
      String(process.pid),
    );
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    await opened.close();
    // Stopped cleanly: nothing is left.
    expect(await readdir(scratch)).not.toContain(`${WORK_ROOT_PREFIX}killed`);
  });

  it("are left alone while another process of the same machine runs", async () => {
    const root = path.join(scratch, `${WORK_ROOT_PREFIX}twice`);
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"]);
    try {
      await leftovers(root, other.pid as number);
      const opened = await openWorkRoot({ name: "twice", parent: scratch });
      expect(opened.swept).toEqual([]);
      expect((await readdir(root)).sort()).toEqual(["job-abc123", "machine.pid"]);
      await opened.close();
      // Its pid file stays the other process's.
      expect((await readFile(path.join(root, "machine.pid"), "utf8")).trim()).toBe(
        String(other.pid),
      );
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("of another machine are never touched", async () => {
    const root = path.join(scratch, `${WORK_ROOT_PREFIX}${machineFolderName("hb_agent_other")}`);
    await leftovers(root, await deadPid());
    const opened = await openWorkRoot({
      name: machineFolderName("hb_agent_mine"),
      parent: scratch,
    });
    expect(opened.swept).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(["job-abc123", "machine.pid"]);
    await opened.close();
  });

  it("refuse a parent folder another user could have made, and close one left open to others", async () => {
    const root = path.join(scratch, `${WORK_ROOT_PREFIX}loose`);
    await mkdir(root, { mode: 0o777 });
    await chmod(root, 0o777);
    const opened = await openWorkRoot({ name: "loose", parent: scratch });
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    await opened.close();
    await expect(openWorkRoot({ name: "../escape", parent: scratch })).rejects.toThrow();
  });
});
