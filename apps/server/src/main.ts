import { buildApp } from "./app";
import { seedStore } from "./features/store/seed-store";
import { ConfigError, loadConfig } from "./platform/config";
import { databaseTarget, openDatabase } from "./platform/db/client";
import { DataDirLockedError, lockDataDir } from "./platform/db/lock";

async function main() {
  const config = loadConfig();
  const target = databaseTarget(config);
  const release = target.kind === "pglite" ? lockDataDir(config.dataDir) : () => {};
  process.on("exit", release);

  const database = await openDatabase(target);
  const app = await buildApp({ config, database, serveWeb: true });
  // Example modules on a first start (not in buildApp: API tests start with an empty store).
  await seedStore({
    db: database.db,
    storage: app.deps.storage,
    enabled: config.seedStore,
    log: app.log,
  }).catch((error) => app.log.error({ err: error }, "seeding the store failed"));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  app.log.info(
    `Hybridge is running at http://localhost:${port} (database: ${database.kind === "pglite" ? `PGlite in ${target.kind === "pglite" ? target.dataDir : ""}` : "PostgreSQL"})`,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
