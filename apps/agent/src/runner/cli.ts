import { parseArgs } from "node:util";
import { startAgent } from "./agent";

const HELP = `Hybridge build machine: builds the apps a Hybridge server queues.

Usage: npm run agent -- --server URL --token TOKEN [--concurrency N] [--stop-timeout S]

  --server URL       the Hybridge server, e.g. https://hybridge.example.com
  --token TOKEN      this machine's token (hb_agent_…), made by an admin on /dash
                     (or HYBRIDGE_AGENT_TOKEN in the environment)
  --concurrency N    builds at once (default 1)
  --stop-timeout S   on SIGTERM or SIGINT, how long the builds in progress may take to finish
                     before they are handed back to the queue for another machine (default 25)
  --help             this text
`;

async function main() {
  const { values } = parseArgs({
    options: {
      server: { type: "string" },
      token: { type: "string" },
      concurrency: { type: "string" },
      "stop-timeout": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const server = values.server;
  const token = values.token ?? process.env.HYBRIDGE_AGENT_TOKEN;
  const concurrency = Number(values.concurrency ?? "1");
  const stopTimeout = Number(values["stop-timeout"] ?? "25");
  if (!server || !/^https?:\/\//.test(server)) {
    process.stderr.write(`--server must be the server's address (http:// or https://).\n\n${HELP}`);
    process.exit(2);
  }
  if (!token?.startsWith("hb_agent_")) {
    process.stderr.write(`--token must be a build machine token (hb_agent_…).\n\n${HELP}`);
    process.exit(2);
  }
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) {
    process.stderr.write("--concurrency must be a whole number from 1 to 16.\n");
    process.exit(2);
  }
  if (!Number.isInteger(stopTimeout) || stopTimeout < 0 || stopTimeout > 3600) {
    process.stderr.write("--stop-timeout must be a whole number of seconds from 0 to 3600.\n");
    process.exit(2);
  }
  const log = (message: string) => process.stdout.write(`${new Date().toISOString()} ${message}\n`);
  const agent = await startAgent({ server, token, concurrency, log });
  log(`building ${agent.platforms.join(", ") || "nothing"} for ${server}`);
  let stopping = false;
  const stop = async (signal: string) => {
    // npm and tsx may pass the same Ctrl-C on twice.
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing the builds in progress (at most ${stopTimeout} s), then stopping`);
    const within = (ms: number) =>
      new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref());
    const stopped = agent.stop().then(() => true);
    if (!(await Promise.race([stopped, within(stopTimeout * 1000)]))) {
      try {
        const released = await agent.release();
        log(`handed ${released} build(s) back to the queue for another machine`);
      } catch (error) {
        // Their leases run out instead (BUILD_LEASE_SECONDS), and another machine takes them.
        log(`handing the builds back failed: ${error instanceof Error ? error.message : error}`);
      }
      // Their tools are killed: the jobs end and remove their folders.
      await Promise.race([stopped, within(5_000)]);
    }
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  await agent.done;
  // The loops end by themselves only when the server refused the token; a stop exits 0 itself.
  if (!stopping) process.exit(1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
