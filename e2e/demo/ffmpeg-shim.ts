import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/**
 * Playwright records video through its own build of ffmpeg, looked up under
 * PLAYWRIGHT_BROWSERS_PATH when playwright-core loads; that build cannot be downloaded here. This
 * module, imported before playwright-core, points Playwright at a folder holding only the
 * system's ffmpeg (with libvpx: `apt install ffmpeg`) under the name Playwright expects.
 */
export const ffmpeg = findOnPath("ffmpeg");
export const browsersDir = mkdtempSync(path.join(os.tmpdir(), "hybridge-ffmpeg-"));
{
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve("playwright-core/package.json"));
  const { browsers } = JSON.parse(readFileSync(path.join(root, "browsers.json"), "utf8")) as {
    browsers: { name: string; revision: string }[];
  };
  const revision = browsers.find((browser) => browser.name === "ffmpeg")?.revision;
  mkdirSync(path.join(browsersDir, `ffmpeg-${revision}`));
  symlinkSync(ffmpeg, path.join(browsersDir, `ffmpeg-${revision}`, "ffmpeg-linux"));
  process.env.PLAYWRIGHT_BROWSERS_PATH = browsersDir;
}

function findOnPath(name: string): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      execFileSync(candidate, ["-version"], { stdio: "ignore" });
      return candidate;
    } catch {
      // Not here.
    }
  }
  throw new Error(`record-demo: ${name} is not on the PATH (apt install ${name}).`);
}
