import { backup, restore } from "./platform/backup/backup";
import { ConfigError, loadConfig } from "./platform/config";

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (decision 061), with the server's
 * own configuration (DATA_DIR, DATABASE_URL, STORAGE_URL). Progress on stdout; a failure is one
 * line on stderr and exit code 1.
 */
async function cli(argv: string[]) {
  const [command, file, ...rest] = argv;
  if ((command !== "backup" && command !== "restore") || !file || rest.length > 0) {
    throw new Error("Usage: npm run backup -- <file>  |  npm run restore -- <file>");
  }
  const progress = (line: string) => console.log(line);
  if (command === "backup") {
    await backup(loadConfig(), file, progress);
  } else {
    await restore(loadConfig(process.env, { readSecret: false }), file, progress);
  }
}

cli(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : (error as Error).message;
  console.error(`${process.argv[2] === "restore" ? "Restore" : "Backup"} failed: ${message}`);
  process.exit(1);
});
