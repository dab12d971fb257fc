// Times the Android build pipeline on this machine: 10 builds of one project, one after the
// other in one process (as one agent runs them), from the bundle folder to the verified APK.
// The first build also assembles the shell's smali; the upload key is made once beforehand, as
// at a project's first build. Prints each build's time and the median.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildAndroidApk, createUploadKeystore } from "@hybridge/agent/android";

const BUILDS = 10;

/** A web app's typical build output: an HTML page, ~2 MB of scripts and styles, a few images. */
async function writeBundle(dir: string) {
  await mkdir(join(dir, "assets"), { recursive: true });
  await writeFile(
    join(dir, "index.html"),
    '<!doctype html><script src="assets/app-0.js"></script>',
  );
  let seed = 1;
  const text = (size: number) =>
    Array.from({ length: size }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return "abcdefghijklmnopqrstuvwxyz(){};=. \n"[seed % 35];
    }).join("");
  for (let i = 0; i < 30; i++) await writeFile(join(dir, "assets", `app-${i}.js`), text(64_000));
  for (let i = 0; i < 5; i++) {
    await writeFile(join(dir, "assets", `photo-${i}.jpg`), Buffer.from(text(100_000)));
  }
}

const scratch = await mkdtemp(join(tmpdir(), "hybridge-bench-"));
try {
  const bundleDir = join(scratch, "bundle");
  await writeBundle(bundleDir);
  let started = performance.now();
  const keystore = await createUploadKeystore({ dname: { commonName: "Bench" } });
  console.log(
    `upload key (first build of a project only): ${Math.round(performance.now() - started)} ms`,
  );

  const times: number[] = [];
  for (let version = 1; version <= BUILDS; version++) {
    started = performance.now();
    const { apk } = await buildAndroidApk({
      app: {
        appCode: "bench",
        name: "Bench",
        version,
        statusBarColor: "#FFFFFF",
        themeColor: "#0E904D",
        launchIcon: null,
      },
      bundleDir,
      keystore,
    });
    const ms = Math.round(performance.now() - started);
    times.push(ms);
    console.log(`build ${version}: ${ms} ms (${Math.round(apk.length / 1024)} KiB APK)`);
  }
  const middle = [...times].sort((a, b) => a - b).slice(BUILDS / 2 - 1, BUILDS / 2 + 1);
  const median = middle.reduce((sum, ms) => sum + ms, 0) / middle.length;
  console.log(`Android build, bundle to signed APK: median of ${BUILDS} = ${median} ms`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
