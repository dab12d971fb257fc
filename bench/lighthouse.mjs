// Lighthouse (mobile, its default simulated throttling) against the production build served by
// the real server (docs/decisions/025-public-pages-without-hydration.md).
//
//   npm run lighthouse                   3 runs of each page, medians, checked against the targets
//   npm run lighthouse -- --quick        3 runs of / only, median: fails below score 80 or past the
//                                        JS budget (one run alone varies by ±8 points on a loaded
//                                        2-core machine: the server and Chromium share it)
//   npm run lighthouse -- --write        also writes the medians to bench/lighthouse-baseline.json
//   npm run lighthouse -- --runs 5 /docs other run counts, other pages
//   npm run lighthouse -- --reports DIR  also keeps each run's full Lighthouse report (JSON)
//
// Needs `npm run build` first (apps/web/dist, apps/server/dist) and the system Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium). The server runs on a free port with a fresh,
// temporary DATA_DIR (PGlite), as `npm start` would.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverMain = path.join(repoRoot, "apps/server/dist/main.js");
const webDist = path.join(repoRoot, "apps/web/dist");
const baselineFile = path.join(repoRoot, "bench/lighthouse-baseline.json");

/** The targets of issue 12: score per page, LCP, and the public pages' JS (brotli, as sent). */
const TARGETS = {
  score: { "/": 98, "/fr": 98, "/docs": 98, "/privacy": 98, "/login": 90 },
  lcpMs: 1500,
  /** The build's own budget for the public pages' script (apps/web/scripts/build.mjs). */
  publicJsKiB: 50,
};
const PUBLIC_PAGES = ["/", "/fr", "/docs", "/privacy"];
/**
 * The quick check's floor (CI): well below the target, above what a regression would score (the
 * app hydrating the landing page again scores in the 60s). 80, not 90: on 2026-11-26 the same
 * build of / scored 82 to 92 from one run to the next on CI's kind of machine (a newer Chromium
 * than the baseline's, TBT 330–700 ms against 32), so 90 failed unchanged code half the time.
 */
const QUICK_MIN_SCORE = 80;

/** The flags the e2e tests and the machine's README use: headless, no background traffic. */
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    quick: { type: "boolean", default: false },
    write: { type: "boolean", default: false },
    runs: { type: "string" },
    reports: { type: "string" },
  },
});
const pages =
  positionals.length > 0 ? positionals : values.quick ? ["/"] : Object.keys(TARGETS.score);
const runs = Number(values.runs ?? 3);

for (const file of [serverMain, path.join(webDist, "pages.json")]) {
  if (!existsSync(file)) {
    console.error(
      `lighthouse: ${path.relative(repoRoot, file)} is missing — run npm run build first.`,
    );
    process.exit(1);
  }
}

const server = await startServer();
let chrome;
try {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  const results = {};
  for (const page of pages) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const name = `${page === "/" ? "landing" : page.slice(1).replace(/\W+/g, "_")}-${run + 1}`;
      samples.push(await measure(`${server.url}${page}`, chrome.port, name));
    }
    results[page] = medians(samples);
    print(page, results[page], samples.length);
  }
  const failures = check(results);
  if (values.write) {
    await writeFile(
      baselineFile,
      `${JSON.stringify(
        {
          measured: new Date().toISOString().slice(0, 10),
          lighthouse: (await import("lighthouse/package.json", { with: { type: "json" } })).default
            .version,
          settings: `mobile, simulated throttling, median of ${runs} run(s), production build on the real server (PGlite)`,
          targets: TARGETS,
          pages: results,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`wrote ${path.relative(repoRoot, baselineFile)}`);
  }
  if (failures.length > 0) {
    console.error(`lighthouse: below target:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  }
} finally {
  await chrome?.kill();
  await server.stop();
}

/**
 * One Lighthouse run of `url`: the figures the issue tracks. A run whose trace broke (Chromium's
 * NO_NAVSTART and the like, now and then on a loaded machine) is run again, twice at most.
 */
async function measure(url, port, name, attempt = 1) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (!result) throw new Error(`lighthouse: no result for ${url}`);
  const { lhr } = result;
  if (values.reports) {
    await mkdir(values.reports, { recursive: true });
    await writeFile(path.join(values.reports, `${name}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) {
    if (attempt < 3) return measure(url, port, name, attempt + 1);
    throw new Error(`lighthouse: ${url}: ${lhr.runtimeError.message}`);
  }
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === "Script");
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    fcpMs: Math.round(audit("first-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    cls: Number(audit("cumulative-layout-shift").toFixed(3)),
    jsFiles: scripts.length,
    jsKiB: Number(
      (scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024).toFixed(1),
    ),
    totalKiB: Number(
      (requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024).toFixed(1),
    ),
  };
}

/** Each figure's median over the runs (runs vary by a few points on a shared machine). */
function medians(samples) {
  const median = (key) => {
    const sorted = samples.map((sample) => sample[key]).sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  return Object.fromEntries(Object.keys(samples[0]).map((key) => [key, median(key)]));
}

function print(page, figures, count) {
  console.log(
    `${page.padEnd(9)} score ${String(figures.score).padStart(3)}  LCP ${figures.lcpMs} ms  FCP ${figures.fcpMs} ms  TBT ${figures.tbtMs} ms  CLS ${figures.cls}  JS ${figures.jsKiB} KiB in ${figures.jsFiles} file(s)  total ${figures.totalKiB} KiB  (median of ${count})`,
  );
}

function check(results) {
  const failures = [];
  for (const [page, figures] of Object.entries(results)) {
    const minScore = values.quick ? QUICK_MIN_SCORE : (TARGETS.score[page] ?? 90);
    if (figures.score < minScore) failures.push(`${page}: score ${figures.score} < ${minScore}`);
    if (PUBLIC_PAGES.includes(page) && figures.jsKiB > TARGETS.publicJsKiB) {
      failures.push(`${page}: ${figures.jsKiB} KiB of JS > ${TARGETS.publicJsKiB} KiB`);
    }
    if (!values.quick && PUBLIC_PAGES.includes(page) && figures.lcpMs > TARGETS.lcpMs) {
      failures.push(`${page}: LCP ${figures.lcpMs} ms > ${TARGETS.lcpMs} ms`);
    }
  }
  return failures;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The production server, as `npm start` runs it, until /api/health/live answers. */
async function startServer() {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hybridge-lighthouse-"));
  const env = { ...process.env };
  // PGlite in a fresh folder, whatever the caller's environment says.
  for (const key of ["DATABASE_URL", "WEB_DIST_DIR", "SECRET"]) delete env[key];
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (true) {
    if (child.exitCode !== null)
      throw new Error(`lighthouse: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("lighthouse: the server did not start in 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) =>
        child.exitCode !== null ? resolve() : child.once("exit", resolve),
      );
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
