#!/usr/bin/env node
import path from "node:path";
import { parseArgs } from "node:util";
import { checkAppKey, checkTarget, ScaffoldError, scaffold, serverAddress } from "./scaffold";

const USAGE = `Usage: create-hybridge <folder> --key <APP_KEY> --server <address>

Creates a Vite + React + TypeScript app in <folder>, linked to your Hybridge project.
  --key      the app key from your project's settings page
  --server   your Hybridge server's address (or HYBRIDGE_SERVER)
`;

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      key: { type: "string" },
      server: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const [folder, ...extra] = positionals;
  if (!folder || extra.length > 0) {
    throw new ScaffoldError(`Name one folder for the new app, e.g. my-app.\n\n${USAGE}`);
  }
  const appKey = values.key?.trim();
  if (!appKey) {
    throw new ScaffoldError("Give your app key: --key <APP_KEY> (your project's settings page).");
  }
  const server = serverAddress(values.server ?? process.env.HYBRIDGE_SERVER);
  const target = path.resolve(folder);
  checkTarget(target, folder);
  await checkAppKey(server, appKey);
  await scaffold({ target, server, appKey });

  const cd = path.relative(process.cwd(), target) || ".";
  process.stdout.write(
    [
      "",
      `Created ${cd}, linked to the app ${appKey} on ${server}.`,
      "",
      "Next:",
      `  cd ${cd}`,
      "  npm install",
      "  # in .env: HYBRIDGE_DEPLOY_TOKEN=… (console: your project's page, Web app section)",
      "  npm run rules    # hybridge.rules.json: each user reaches their own notes",
      "  npm run dev      # scan its QR code with your phone's camera: it opens Hybridge Dev",
      "",
      "README.md says more, and how to go live.",
      "",
    ].join("\n"),
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known =
    error instanceof ScaffoldError ||
    (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  process.stderr.write(
    `create-hybridge: ${known ? (error as Error).message : ((error as Error).stack ?? String(error))}\n`,
  );
  process.exit(1);
});
