#!/usr/bin/env node
import path from "node:path";
import { readArguments, USAGE } from "./arguments";
import { checkAppKey, checkTarget, ScaffoldError, scaffold, serverAddress } from "./scaffold";

async function main(argv: string[]) {
  const { folder, appKey, server: given, help, deprecated } = readArguments(argv);
  if (help) {
    process.stdout.write(USAGE);
    return;
  }
  for (const line of deprecated) process.stderr.write(`create-hybridge: ${line}\n`);
  const server = serverAddress(given ?? process.env.HYBRIDGE_SERVER);
  const target = path.resolve(folder);
  checkTarget(target, folder);
  const { name } = await checkAppKey(server, appKey);
  await scaffold({ target, server, appKey, title: name });

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
