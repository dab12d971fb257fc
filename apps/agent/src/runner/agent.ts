import { type AndroidToolchain, detectAndroidToolchain } from "../android";
import { createServerClient, ServerError } from "./client";
import { androidBuilder, type Builder, type JobOutcome, runJob } from "./run-job";
import { machineFolderName, openWorkRoot } from "./work-folders";

export type AgentOptions = {
  server: string;
  token: string;
  /** How many builds at once. */
  concurrency?: number;
  /** How long to wait between claims when nothing is queued. */
  pollMs?: number;
  /** Default: the Android pipeline with the tools found on PATH. */
  builder?: Builder;
  /** Default: android when its tools are installed. */
  platforms?: string[];
  toolchain?: AndroidToolchain;
  /** Default: keytool (createUploadKeystore). */
  makeKeystore?: Parameters<typeof runJob>[0]["makeKeystore"];
  log?: (message: string) => void;
  onJobDone?: (buildId: string, outcome: JobOutcome) => void;
  /**
   * The name of the machine's parent folder of work folders (`hybridge-agent-<name>`). Default:
   * from the token, the same at every start. The server's embedded machine, whose token is new
   * at each start, names its own.
   */
  workName?: string;
  /** Where that folder is made. Default: the system's temporary folder. */
  workParent?: string;
};

/** Waits `ms`, or less when `signal` aborts; its abort listener goes with it either way. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });

/**
 * A build machine: `concurrency` loops that claim a job, build it and claim again, waiting
 * `pollMs` when nothing is queued. `stop()` lets the builds in progress finish (they are
 * seconds long) and claims nothing more.
 */
export async function startAgent(options: AgentOptions) {
  const log = options.log ?? (() => {});
  const client = createServerClient({ server: options.server, token: options.token });
  let platforms = options.platforms;
  if (!platforms) {
    const toolchain = options.toolchain ?? (await detectAndroidToolchain());
    platforms = toolchain.missing.length === 0 ? ["android"] : [];
    if (toolchain.missing.length > 0)
      log(
        `The Android build tools are missing (${toolchain.missing.join(", ")}): this machine builds nothing.`,
      );
  }
  const builder = options.builder ?? androidBuilder(options.toolchain);
  // What a run killed with -9 left behind (bundles, APKs, keys) goes before anything is claimed.
  const workRoot = await openWorkRoot({
    name: options.workName ?? machineFolderName(options.token),
    parent: options.workParent,
  });
  if (workRoot.swept.length > 0) {
    log(`Removed ${workRoot.swept.length} work folder(s) an earlier run left in ${workRoot.dir}`);
  }
  const controller = new AbortController();
  // Aborted by release(): the builds in progress are no longer this machine's.
  const handedBack = new AbortController();
  const pollMs = options.pollMs ?? 2000;

  const loop = async () => {
    while (!controller.signal.aborted) {
      try {
        const job = platforms.length > 0 ? await client.claim(platforms) : null;
        if (!job) {
          await sleep(pollMs, controller.signal);
          continue;
        }
        log(
          `building ${job.platform} version ${job.version} of ${job.app.appCode} (${job.buildId})`,
        );
        const outcome = await runJob({
          client,
          job,
          builder,
          makeKeystore: options.makeKeystore,
          onLog: (line) => log(`${job.buildId.slice(0, 8)} ${line}`),
          signal: handedBack.signal,
          workRoot: workRoot.dir,
        });
        log(`build ${job.buildId}: ${outcome}`);
        options.onJobDone?.(job.buildId, outcome);
      } catch (error) {
        if (error instanceof ServerError && error.status === 401) {
          log(`The server refused this machine's token: ${error.message}`);
          controller.abort();
          return;
        }
        log(`claiming failed: ${error instanceof Error ? error.message : String(error)}`);
        await sleep(Math.max(pollMs, 2000), controller.signal);
      }
    }
  };
  const loops = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, loop);
  const done = Promise.all(loops).then(() => workRoot.close());
  return {
    platforms,
    done,
    async stop() {
      controller.abort();
      await done;
    },
    /**
     * A shutdown that cannot wait for the builds in progress: claims nothing more, hands every
     * build this machine holds back to the queue (for another machine), then kills their tools.
     * Resolves with how many went back; `stop()` then resolves at once.
     */
    async release() {
      controller.abort();
      try {
        return await client.release();
      } finally {
        handedBack.abort();
      }
    },
    /**
     * Kills the tools of the builds in progress, which the server already took back (the
     * embedded machine's token was revoked with its builds released): `stop()` then resolves at
     * once.
     */
    abandon() {
      controller.abort();
      handedBack.abort();
    },
  };
}
