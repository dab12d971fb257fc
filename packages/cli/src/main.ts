#!/usr/bin/env node
import { parseArgs } from "node:util";
import { deploy } from "./deploy";
import { dev } from "./dev";
import { CliError } from "./project-env";
import { rulesDeploy } from "./rules-deploy";

const USAGE = `Usage: hybridge <command>

  dev           Start the Vite dev server on your network and print the dev app's QR code
                --port <n>          the port (default: Vite's, 5173)
  deploy        Build the app and upload dist/ as your project's web app
                --token <t>         a deploy token (default: HYBRIDGE_DEPLOY_TOKEN from .env)
                --no-build          upload dist/ as it is
                --allow-test-key    upload it even if it holds the Test Mode key
                --channel <name>    the over-the-air update's channel (default: production;
                                    builds follow the one chosen in the console's Updates)
                --rollout <1-100>   the share of installs that get it, in % (default: 100)
                --message <text>    what changed, kept with the update
  rules deploy  Check hybridge.rules.json and make it your project's access rules
                --token <t>         a deploy token (default: HYBRIDGE_DEPLOY_TOKEN from .env)
`;

async function main(argv: string[]) {
  const [command, ...args] = argv;
  const root = process.cwd();
  if (command === "dev") {
    const { values } = parseArgs({ args, options: { port: { type: "string" } } });
    const port = values.port ? Number(values.port) : undefined;
    if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
      throw new CliError(`--port wants a port number, not "${values.port}".`);
    }
    return dev(root, { port });
  }
  if (command === "deploy") {
    const { values } = parseArgs({
      args,
      options: {
        token: { type: "string" },
        "no-build": { type: "boolean", default: false },
        "allow-test-key": { type: "boolean", default: false },
        channel: { type: "string" },
        rollout: { type: "string" },
        message: { type: "string" },
      },
    });
    return deploy(root, {
      token: values.token,
      build: !values["no-build"],
      allowTestKey: values["allow-test-key"],
      channel: values.channel,
      rollout: values.rollout,
      message: values.message,
    });
  }
  if (command === "rules") {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { token: { type: "string" } },
    });
    if (positionals.length !== 1 || positionals[0] !== "deploy") {
      throw new CliError(
        `Unknown command "rules ${positionals.join(" ")}": use hybridge rules deploy.`,
      );
    }
    await rulesDeploy(root, { token: values.token });
    return;
  }
  process.stdout.write(USAGE);
  if (command && command !== "help" && command !== "--help") {
    throw new CliError(`Unknown command "${command}".`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof CliError ||
    (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
  ) {
    process.stderr.write(`hybridge: ${(error as Error).message}\n`);
  } else {
    process.stderr.write(`hybridge: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
