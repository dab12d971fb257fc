import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installCommand, SYSTEM_TOOLS } from "./system-tools.mjs";

const script = path.join(import.meta.dirname, "system-tools.mjs");
const isRoot = process.getuid?.() === 0;

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "system-tools-"));
  chmodSync(dir, 0o777);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A fake apt-get on the search path that writes down how it was called, and installs nothing. */
function fakeAptGet() {
  const log = path.join(dir, "apt-get.log");
  const aptGet = path.join(dir, "apt-get");
  writeFileSync(aptGet, `#!/bin/sh\necho "$@" >> ${log}\n`);
  chmodSync(aptGet, 0o755);
  return () => {
    try {
      return readFileSync(log, "utf8");
    } catch {
      return "";
    }
  };
}

/** The script on a PATH holding only `dir` (no tool), as root or as nobody. */
const run = (args, { asRoot }) =>
  spawnSync(process.execPath, [script, ...args], {
    env: { PATH: dir, CHROMIUM_PATH: path.join(dir, "chromium") },
    encoding: "utf8",
    // Not root: run as nobody when the tests run as root (CI's machine).
    ...(!asRoot && isRoot ? { uid: 65534, gid: 65534 } : {}),
  });

describe("system-tools.mjs", () => {
  it("names every missing tool and the one command that installs it, exits 1, and runs no apt-get when not root", () => {
    const aptGetCalls = fakeAptGet();
    const result = run([], { asRoot: false });
    expect(result.status).toBe(1);
    for (const tool of ["chromium", "aapt", "zipalign", "apksigner", "smali", "keytool"]) {
      expect(result.stderr).toContain(`  - ${tool}: `);
    }
    for (const tool of ["enjarify", "javac", "nginx", "redis-server"]) {
      expect(result.stderr).toContain(`  - ${tool}: `);
    }
    expect(result.stderr).toContain(
      "sudo apt-get install -y chromium aapt zipalign apksigner libsmali-java default-jre-headless",
    );
    expect(result.stderr).toMatch(/enjarify default-jdk-headless nginx redis-server\n$/);
    expect(aptGetCalls()).toBe("");
  });

  it.skipIf(!isRoot)("as root with apt-get, installs the missing tools' packages", () => {
    const aptGetCalls = fakeAptGet();
    const result = run([], { asRoot: true });
    expect(aptGetCalls()).toMatch(/^update -qq\ninstall -y -qq chromium aapt .* redis-server\n$/);
    // The fake installed nothing: still missing, named, without sudo.
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("\n  apt-get install -y chromium");
  });

  it("before npm start, reports the missing Android tools and lets the server start", () => {
    const result = run(["--start"], { asRoot: false });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("The Android build tools are missing (aapt, zipalign");
    expect(result.stderr).not.toContain("nginx");
  });

  it("names each package once", () => {
    const jre = SYSTEM_TOOLS.filter((tool) => tool.pkg === "default-jre-headless");
    expect(jre.length).toBe(2);
    expect(installCommand(jre)).toBe("sudo apt-get install -y default-jre-headless");
  });
});
