#!/usr/bin/env node
// The system tools (not npm packages) that the tests and the product need, checked in well under
// a second, before `npm test` and `npm start` and by .ci/run (docs/decisions/060-fresh-machine-and-a11y.md).
//
//   node scripts/system-tools.mjs            what `npm test` needs: installs what is missing when
//                                            root with apt-get, else names it and the command
//                                            that installs it, and exits 1
//   node scripts/system-tools.mjs --start    what `npm start` needs: only reports (the server
//                                            starts without the Android tools; Android builds
//                                            then wait for a build machine that has them)
import { spawnSync } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const FRAMEWORK_RES = "/usr/share/android-framework-res/framework-res.apk";

/**
 * Each tool: how it is found (a command on PATH or a file), the Debian package that brings it,
 * and what needs it. `product`: the server's own build machine builds Android apps with it.
 */
export const SYSTEM_TOOLS = [
  {
    name: "chromium",
    file: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    executable: true,
    pkg: "chromium",
    why: "the browser tests (e2e, CHROMIUM_PATH)",
  },
  ...["aapt", "zipalign", "apksigner"].map((name) => ({
    name,
    command: name,
    pkg: name,
    why: "Android builds",
    product: true,
  })),
  { name: "smali", command: "smali", pkg: "libsmali-java", why: "Android builds", product: true },
  {
    name: "java",
    command: "java",
    pkg: "default-jre-headless",
    why: "Android builds",
    product: true,
  },
  {
    name: "keytool",
    command: "keytool",
    pkg: "default-jre-headless",
    why: "Android builds (signing keys)",
    product: true,
  },
  {
    name: "framework-res.apk",
    file: FRAMEWORK_RES,
    pkg: "android-framework-res",
    why: "Android builds (the resources aapt links against)",
    product: true,
  },
  {
    name: "enjarify",
    command: "enjarify",
    pkg: "enjarify",
    why: "the agent tests (the app shell's code on a JDK)",
  },
  {
    name: "javac",
    command: "javac",
    pkg: "default-jdk-headless",
    why: "the agent tests (the app shell's code on a JDK)",
  },
  { name: "nginx", command: "nginx", pkg: "nginx", why: "the scale-out test (e2e/cluster)" },
  {
    name: "redis-server",
    command: "redis-server",
    pkg: "redis-server",
    why: "the rate-limit and scale-out tests",
  },
];

function isFile(file, mode) {
  try {
    accessSync(file, mode);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

const onPath = (command) =>
  (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((folder) => path.isAbsolute(folder))
    .some((folder) => isFile(path.join(folder, command), constants.X_OK));

const isPresent = (tool) =>
  tool.command
    ? onPath(tool.command)
    : isFile(tool.file, tool.executable ? constants.X_OK : constants.R_OK);

/** The tools of `tools` this machine lacks. */
export const missingTools = (tools) => tools.filter((tool) => !isPresent(tool));

/** The one command that installs `tools`' packages, each package once. */
export const installCommand = (tools, sudo = true) =>
  `${sudo ? "sudo " : ""}apt-get install -y ${[...new Set(tools.map((tool) => tool.pkg))].join(" ")}`;

const describe = (tools) => tools.map((tool) => `  - ${tool.name}: ${tool.why}`).join("\n");

function installWithAptGet(tools) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const packages = [...new Set(tools.map((tool) => tool.pkg))];
  console.log(`Installing the missing system tools: ${packages.join(" ")}`);
  const run = (args) => spawnSync("apt-get", args, { env, stdio: ["ignore", "ignore", "inherit"] });
  if (run(["update", "-qq"]).status !== 0) return;
  run(["install", "-y", "-qq", ...packages]);
}

function main(argv) {
  const forStart = argv.includes("--start");
  if (forStart) {
    const missing = missingTools(SYSTEM_TOOLS.filter((tool) => tool.product));
    if (missing.length > 0) {
      console.warn(
        `The Android build tools are missing (${missing.map((tool) => tool.name).join(", ")}): the server starts, and Android builds wait for a build machine that has them. To build here: ${installCommand(missing)}`,
      );
    }
    return 0;
  }
  let missing = missingTools(SYSTEM_TOOLS);
  if (missing.length === 0) return 0;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && onPath("apt-get")) {
    installWithAptGet(missing);
    missing = missingTools(SYSTEM_TOOLS);
    if (missing.length === 0) return 0;
  }
  console.error(
    `The tests need system tools this machine lacks:\n${describe(missing)}\nInstall them with:\n  ${installCommand(missing, !isRoot)}`,
  );
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  process.exitCode = main(process.argv.slice(2));
