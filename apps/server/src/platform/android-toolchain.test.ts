import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findAndroidToolchain } from "./android-toolchain";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "hybridge-toolchain-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A folder of PATH holding these programs (executable files), and a resource file. */
function machine(programs: string[], files: string[] = []) {
  const bin = path.join(dir, `bin-${programs.join("-")}`);
  mkdirSync(bin);
  for (const program of programs)
    writeFileSync(path.join(bin, program), "#!/bin/sh\n", { mode: 0o755 });
  for (const file of files) writeFileSync(path.join(dir, file), "");
  return {
    searchPath: [path.join(dir, "empty"), bin],
    frameworkRes: path.join(dir, "framework-res.apk"),
    smaliJar: path.join(dir, "smali.jar"),
  };
}

describe("findAndroidToolchain", () => {
  it("finds every tool on PATH, and the framework resources", () => {
    const found = findAndroidToolchain(
      machine(["aapt", "zipalign", "apksigner", "smali", "keytool"], ["framework-res.apk"]),
    );
    expect(found).toEqual({ complete: true, missing: [] });
  });

  it("takes java with smali's jar for smali", () => {
    const found = findAndroidToolchain(
      machine(
        ["aapt", "zipalign", "apksigner", "java", "keytool"],
        ["framework-res.apk", "smali.jar"],
      ),
    );
    expect(found).toEqual({ complete: true, missing: [] });
  });

  it("names what is missing: a program, a file that is not executable, the resources", () => {
    const options = machine(["aapt", "apksigner", "java"]);
    // Present but not executable: not a program.
    writeFileSync(path.join(options.searchPath[1] as string, "zipalign"), "", { mode: 0o644 });
    expect(findAndroidToolchain(options)).toEqual({
      complete: false,
      missing: ["zipalign", "keytool", "smali", options.frameworkRes],
    });
  });
});
