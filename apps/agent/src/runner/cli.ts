import { parseArgs } from "node:util";
import { startAgent } from "./agent";

const HELP = `Hybridge build machine: builds the apps a Hybridge server queues.

Usage: npm run agent -- --server URL --token TOKEN [--concurrency N]

  --server URL       the Hybridge server, e.g. https://hybridge.example.com
  --token TOKEN      this machine's token (hb_agent_…), made by an admin on /dash
                     (or HYBRIDGE_AGENT_TOKEN in the environment)
  --concurrency N    builds at once (default 1)
  --help             this text
`;

async function main() {
  const { values } = parseArgs({
    options: {
      server: { type: "string" },
      token: { type: "string" },
      concurrency: { type: "string" },
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
  const log = (message: string) => process.stdout.write(`${new Date().toISOString()} ${message}\n`);
  const agent = await startAgent({ server, token, concurrency, log });
  log(`building ${agent.platforms.join(", ") || "nothing"} for ${server}`);
  const stop = (signal: string) => {
    log(`${signal}: finishing the builds in progress, then stopping`);
    void agent.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  await agent.done;
  process.exit(1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
