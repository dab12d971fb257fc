import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAndroidApk } from "./build-android-apk";
import { ANDROID_TOOLS, detectAndroidToolchain } from "./toolchain";

let dir: string;
let withoutAapt: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hybridge-toolchain-"));
  // A PATH holding every tool but aapt, as on a machine where that package was not installed.
  const installed = await detectAndroidToolchain();
  withoutAapt = join(dir, "bin");
  await mkdir(withoutAapt);
  for (const tool of ANDROID_TOOLS) {
    const path = installed.tools[tool];
    if (tool !== "aapt" && path) await symlink(path, join(withoutAapt, tool));
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("detectAndroidToolchain", () => {
  it("finds every tool and the framework resources on this machine", async () => {
    const toolchain = await detectAndroidToolchain();
    expect(toolchain.missing).toEqual([]);
    expect(toolchain.tools.aapt).toMatch(/\/aapt$/);
    expect(toolchain.frameworkRes).toBe("/usr/share/android-framework-res/framework-res.apk");
    expect(await detectAndroidToolchain()).toBe(toolchain);
  });

  it("names what a machine lacks", async () => {
    const toolchain = await detectAndroidToolchain({
      searchPath: withoutAapt,
      frameworkRes: join(dir, "framework-res.apk"),
    });
    expect(toolchain.tools.aapt).toBeNull();
    expect(toolchain.missing).toEqual(["aapt", "framework-res.apk"]);
  });

  it("makes a build fail with a reason the owner can read, before anything runs", async () => {
    const toolchain = await detectAndroidToolchain({ searchPath: withoutAapt });
    const log: string[] = [];
    const build = buildAndroidApk({
      app: {
        appCode: "shop",
        name: "Shop",
        version: 1,
        statusBarColor: "#FFFFFF",
        themeColor: "#0E904D",
        launchIcon: null,
      },
      bundleDir: null,
      keystore: { bytes: Buffer.alloc(0), password: "unused", alias: "upload" },
      toolchain,
      onLog: (line) => log.push(line),
    });
    await expect(build).rejects.toMatchObject({
      code: "TOOLCHAIN_MISSING",
      message: "The Android build tools are not installed on this build machine: aapt missing.",
    });
    expect(log).toEqual([]);
  });
});
