import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Job } from "@hybridge/shared/agents/protocol";
import { AgentsTexts, AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import {
  type AndroidApk,
  type AndroidToolchain,
  buildAndroidApk,
  createUploadKeystore,
  type UploadKeystore,
} from "../android";
import { isLeaseLost, type ServerClient } from "./client";
import { extractZip } from "./extract-zip";
import { toLogLines } from "./log-lines";

/** What builds a job's app: the real Android pipeline, or a stand-in in tests. */
export type Builder = (options: {
  job: Job;
  bundleDir: string | null;
  launchIcon: Buffer | null;
  keystore: UploadKeystore;
  workDir: string;
  onLog: (line: string) => void;
  onProgress: (percent: number) => void;
  /** Aborted when the machine hands its builds back: stop, the result is not wanted. */
  signal: AbortSignal;
}) => Promise<Pick<AndroidApk, "apk" | "certificateSha256">>;

export const androidBuilder =
  (toolchain?: AndroidToolchain): Builder =>
  ({ job, bundleDir, launchIcon, keystore, workDir, onLog, onProgress, signal }) =>
    buildAndroidApk({
      app: {
        appCode: job.app.appCode,
        name: job.app.name,
        version: job.version,
        statusBarColor: job.app.statusBarColor,
        themeColor: job.app.themeColor,
        launchIcon,
      },
      bundleDir,
      keystore,
      ...(job.updates ? { updates: job.updates } : {}),
      workDir,
      toolchain,
      onLog,
      onProgress,
      signal,
    });

export type JobOutcome = "ready" | "failed" | "cancelled" | "lost";

/**
 * Builds one job: fetches what it needs, builds with progress and log sent as heartbeats (at
 * least every leaseSeconds / 3, even while a tool is quiet), uploads the app and completes the
 * build — or fails it with the reason. A build the server takes back (cancelled, lease lost)
 * is dropped. The work folder is removed in every case.
 */
export async function runJob(options: {
  client: ServerClient;
  job: Job;
  builder: Builder;
  /** Where a make-keystore step runs (the real one needs keytool). */
  makeKeystore?: (job: Job) => Promise<UploadKeystore>;
  onLog?: (line: string) => void;
  /** Aborted when the machine hands its builds back: the tools are killed. */
  signal?: AbortSignal;
  /** Where the job's folder is made: the machine's own parent folder (work-folders.ts). */
  workRoot?: string;
}): Promise<JobOutcome> {
  const signal = options.signal ?? new AbortController().signal;
  const { client, job } = options;
  const pending: string[] = [];
  let percent = 0;
  let stopped: "cancelled" | "lost" | null = null;
  const log = (text: string) => {
    for (const line of toLogLines(text)) {
      pending.push(line);
      options.onLog?.(line);
    }
  };
  const flush = async () => {
    if (stopped) return;
    const lines = pending.splice(0, 200);
    try {
      const answer = await client.progress(job.buildId, percent, lines);
      if (answer.cancelled) stopped = "cancelled";
    } catch (error) {
      if (isLeaseLost(error)) stopped = "lost";
      else pending.unshift(...lines);
    }
  };
  const heartbeatMs = Math.max(500, (job.leaseSeconds * 1000) / 3);
  let beating = Promise.resolve();
  const timer = setInterval(() => {
    beating = beating.then(flush);
  }, heartbeatMs);

  // 0700, like every folder mkdtemp makes: the bundle, the app and the key are the job's alone.
  const workDir = await mkdtemp(path.join(options.workRoot ?? tmpdir(), "job-"));
  try {
    log(`Build machine took version ${job.version} (attempt ${job.attempt})`);
    let bundleDir: string | null = null;
    if (job.bundle) {
      log(`Downloading the web bundle (${job.bundle.size} bytes)`);
      const zipFile = path.join(workDir, "bundle.zip");
      await writeFile(zipFile, await client.download(job.bundle.url));
      bundleDir = path.join(workDir, "www");
      const files = await extractZip(zipFile, bundleDir);
      log(`Unpacked ${files} files`);
    }
    const launchIcon = job.app.iconUrl ? await client.download(job.app.iconUrl) : null;
    let keystore: UploadKeystore;
    if (job.signing) {
      keystore = {
        bytes: await client.download(job.signing.keystoreUrl),
        password: job.signing.password,
        alias: job.signing.alias,
      };
    } else {
      log(AndroidBuildTexts.logMakingUploadKey);
      const made = await (
        options.makeKeystore ??
        ((j: Job) => createUploadKeystore({ dname: { commonName: j.app.name }, workDir, signal }))
      )(job);
      const kept = await client.putSigningKey(job.buildId, made);
      keystore =
        kept.password === made.password
          ? made
          : {
              bytes: await client.download(kept.keystoreUrl),
              password: kept.password,
              alias: kept.alias,
            };
    }
    if (stopped) return stopped;
    const built = await options.builder({
      job,
      bundleDir,
      launchIcon,
      keystore,
      workDir,
      onLog: log,
      onProgress: (value) => {
        percent = Math.min(99, Math.max(percent, Math.round(value)));
        beating = beating.then(flush);
      },
      signal,
    });
    await beating;
    if (stopped) return stopped;
    log(`Uploading the app (${built.apk.length} bytes)`);
    await client.uploadArtifact(job.buildId, built.apk);
    await beating;
    await client.complete(job.buildId, built.certificateSha256, pending.splice(0));
    return "ready";
  } catch (error) {
    if (isLeaseLost(error)) return "lost";
    await beating;
    if (stopped) return stopped;
    const reason = error instanceof Error ? error.message : String(error);
    log(reason);
    try {
      await client.fail(
        job.buildId,
        toLogLines(reason)[0] ?? AgentsTexts.buildFailed,
        pending.splice(0),
      );
    } catch (failError) {
      // Taken back meanwhile (cancelled, lease lost, handed back): not this machine's failure.
      if (isLeaseLost(failError)) return "lost";
      throw failError;
    }
    return "failed";
  } finally {
    clearInterval(timer);
    await rm(workDir, { recursive: true, force: true });
  }
}
