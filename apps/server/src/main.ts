import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { inspect } from "node:util";
import { detectAndroidToolchain } from "@hybridge/agent/android";
import { machineFolderName, startAgent } from "@hybridge/agent/runner";
import { type App, buildApp } from "./app";
import { createEmbeddedAgent } from "./features/agents/manage-agents";
import { startAuditPruner } from "./features/audit/list-audit";
import { startDevAppUpkeep } from "./features/dev-app/old-builds";
import { startDevAppBuild } from "./features/dev-app/start-dev-app-build";
import { seedStore } from "./features/store/seed-store";
import { startScheduledBackups } from "./platform/backup/schedule";
import { serveSnapshots } from "./platform/backup/snapshot-socket";
import { ConfigError, loadConfig } from "./platform/config";
import { databaseTarget, openDatabase } from "./platform/db/client";
import { lockDataDir } from "./platform/db/lock";
import { type FileSweeper, startFileSweeper } from "./platform/file-sweep";
import { redactSecrets } from "./platform/redact";
import { closeGracefully } from "./platform/shutdown";
import { bucketProblem, dataDirProblem, StartError } from "./platform/start-error";

function listenProblem(error: unknown, port: number, host: string): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "EADDRINUSE") {
    return `Port ${port} is already in use on ${host}: stop the program using it, or start Hybridge with another PORT.`;
  }
  if (code === "EACCES") {
    return `Port ${port} on ${host} needs privileges this process lacks: start Hybridge with another PORT (1024 or above).`;
  }
  if (code === "EADDRNOTAVAIL") {
    return `HOST ${host} is not an address of this machine: start Hybridge with another HOST.`;
  }
  return null;
}

async function main() {
  // From the process's start (module loading included) to each step of the start-up.
  const since = () => Math.round(performance.now());
  const config = loadConfig();
  const target = databaseTarget(config);
  const release = target.kind === "pglite" ? lockDataDir(config.dataDir) : () => {};
  process.on("exit", release);

  const loaded = since();
  const database = await openDatabase(target);
  const opened = since();
  const app = await buildApp({ config, database, serveWeb: true });
  const built = since();
  let sweeper: FileSweeper | null = null;
  let snapshots: { close: () => Promise<void> } | null = null;
  let scheduledBackups: { stop: () => Promise<void> } | null = null;
  let auditPruner: { stop: () => Promise<void> } | null = null;
  let devAppBuild: { stop: () => Promise<void> } | null = null;
  let devAppUpkeep: { stop: () => Promise<void> } | null = null;
  let buildMachine: EmbeddedMachine | null = null;
  const stopMachine = (options?: { handBackAfterMs: number }) =>
    buildMachine
      ?.stop(options)
      .catch((error) => app.log.error({ err: error }, "stopping the build machine failed"));
  const closeAll = async () => {
    // The embedded build machine first (a shutdown has stopped it already): it finishes the
    // build in hand and gives back what it could not, while the server can still take its calls.
    await stopMachine();
    await devAppBuild?.stop();
    await devAppUpkeep?.stop();
    await sweeper?.stop();
    await scheduledBackups?.stop();
    await snapshots?.close();
    await auditPruner?.stop();
    await closeGracefully(app);
    await database.close();
    release();
  };
  // Uploads land there: a folder that cannot take files stops the start, not the first upload.
  try {
    await app.deps.storage.probe();
  } catch (error) {
    await closeAll();
    throw bucketProblem(error, config.storage) ?? dataDirProblem(error, config.dataDir) ?? error;
  }
  // Example modules on a first start (not in buildApp: API tests start with an empty store).
  await seedStore({
    db: database.db,
    storage: app.deps.storage,
    enabled: config.seedStore,
    log: app.log,
  }).catch((error) => app.log.error({ err: error }, "seeding the store failed"));

  // Several instances behind a balancer: this one leaves without failing what it was given.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { delayMs, timeoutMs } = config.shutdown;
    // Readiness answers 503 at once; what still reaches the server is served until the
    // balancers have seen it (SHUTDOWN_DELAY_SECONDS, their probe period).
    app.deps.draining.begin();
    app.log.info({ signal, delayMs, timeoutMs }, "shutting down");
    setTimeout(() => {
      app.log.error(
        `The shutdown took longer than SHUTDOWN_DELAY_SECONDS + SHUTDOWN_TIMEOUT_SECONDS (${(delayMs + timeoutMs) / 1000} s): exiting with what is still open.`,
      );
      process.exit(1);
    }, delayMs + timeoutMs);
    // The embedded machine claims nothing more; its builds in hand have until half the time
    // limit to finish, then go back to the queue, leaving the other half to the requests.
    const machineStopped = stopMachine({ handBackAfterMs: delayMs + timeoutMs / 2 });
    await delay(delayMs);
    await machineStopped;
    // The listener closes: event streams end with a retry hint, requests in progress finish.
    await closeAll();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const problem = listenProblem(error, config.port, config.host);
    if (!problem) throw error;
    await closeAll();
    throw new StartError(problem);
  }
  app.log.info(
    {
      startMs: { modulesLoaded: loaded, databaseOpen: opened, appBuilt: built, listening: since() },
    },
    "start-up times",
  );
  // `npm run backup` copies the embedded database through this server (decision 061).
  const snapshot = database.snapshot;
  if (snapshot) {
    // A socket that cannot be made (a DATA_DIR path longer than a socket's 107 bytes) costs
    // `npm run backup`, not the start.
    snapshots = await serveSnapshots({
      dataDir: config.dataDir,
      snapshot,
      onError: (error) => app.log.error({ err: error }, "a backup's database snapshot failed"),
    }).catch((error) => {
      app.log.error(
        { err: error },
        "npm run backup cannot reach this server: DATA_DIR/backup.sock could not be made",
      );
      return null;
    });
    if (config.backup) {
      scheduledBackups = startScheduledBackups({
        config,
        backup: config.backup,
        snapshot,
        log: app.log,
      });
    }
  }
  // Files a crash left without their row: after listen, so that the start does not wait.
  sweeper = startFileSweeper({
    db: database.db,
    storage: app.deps.storage,
    ...config.fileSweep,
    log: app.log,
  });
  // Audit events past AUDIT_RETENTION_DAYS go (decision 063).
  auditPruner = startAuditPruner({
    db: database.db,
    days: config.auditRetentionDays,
    log: app.log,
  });
  // Every instance says which dev-app build it serves, and old ones no instance serves go.
  devAppUpkeep = startDevAppUpkeep({
    db: database.db,
    storage: app.deps.storage,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  // The dev app, when this server has none for its version and PUBLIC_URL: in the background.
  if (config.builds.devApp) {
    devAppBuild = startDevAppBuild({
      config,
      db: database.db,
      storage: app.deps.storage,
      log: app.log,
    });
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  if (config.builds.embeddedAgent) {
    buildMachine = await startEmbeddedAgent(app, {
      address: typeof address === "object" && address ? address.address : "127.0.0.1",
      port,
    });
  }
  app.log.info(
    `Hybridge is running at http://localhost:${port} (database: ${database.kind === "pglite" ? `PGlite in ${target.kind === "pglite" ? target.dataDir : ""}` : "PostgreSQL"})`,
  );
}

type EmbeddedMachine = {
  /**
   * Claims nothing more and waits for the builds in hand; those still building after
   * `handBackAfterMs` go back to the queue (pending, for another machine; no attempt counted).
   * Either way its token is revoked. Called again, answers the first call's promise.
   */
  stop: (options?: { handBackAfterMs: number }) => Promise<void>;
};

/**
 * The server's own Android build machine (BUILD_AGENT=on, decision 022): it talks to this
 * server over the loopback with the same protocol as any other machine, with a token made for
 * this process only. Without the Android tools it does not start (the log says so, and
 * readiness reports androidToolchain "missing").
 */
async function startEmbeddedAgent(
  app: App,
  listening: { address: string; port: number },
): Promise<EmbeddedMachine | null> {
  const { config } = app.deps;
  const toolchain = await detectAndroidToolchain({
    searchPath: config.executablePath.join(path.delimiter),
  });
  if (toolchain.missing.length > 0) {
    app.log.warn(
      `The Android build tools are missing (${toolchain.missing.join(", ")}): Android builds wait for a build machine that has them.`,
    );
    return null;
  }
  const host = ["0.0.0.0", "::", ""].includes(listening.address) ? "127.0.0.1" : listening.address;
  const server = `http://${host.includes(":") ? `[${host}]` : host}:${listening.port}`;
  const identity = await createEmbeddedAgent(app.deps.db, ["android"]);
  const machine = await startAgent({
    server,
    token: identity.token,
    concurrency: config.builds.concurrency,
    platforms: ["android"],
    toolchain,
    pollMs: 1000,
    // Its token is new at each start: its work folders are named after the data folder, so
    // that the next start removes what a killed one left.
    workName: `embedded-${machineFolderName(config.dataDir)}`,
    log: (message) => app.log.info({ agent: "embedded" }, message),
  });
  app.log.info(`Embedded build machine: Android, ${config.builds.concurrency} at a time`);
  let stopping: Promise<void> | undefined;
  const stop = async (options?: { handBackAfterMs: number }) => {
    const finished = machine.stop().then(() => true);
    const giveUp = new AbortController();
    const inTime = options
      ? await Promise.race([
          finished,
          delay(options.handBackAfterMs, false, { signal: giveUp.signal }).catch(() => true),
        ])
      : await finished;
    giveUp.abort();
    if (!inTime) {
      app.log.warn(
        "The embedded build machine's builds did not finish in time: they go back to the queue.",
      );
    }
    // Revoked first, in the same transaction: a build handed back can no longer be completed
    // by this machine.
    await identity.close();
    if (!inTime) {
      // Then its tools are killed: the jobs end (refused) and remove their folders.
      machine.abandon();
      const settled = new AbortController();
      await Promise.race([
        finished,
        delay(5_000, undefined, { signal: settled.signal }).catch(() => {}),
      ]);
      settled.abort();
    }
  };
  return {
    stop(options) {
      stopping ??= stop(options);
      return stopping;
    },
  };
}

main().catch((error) => {
  // What the operator can fix is said in words; anything else is a bug, shown with its stack.
  // Neither may hold a credential (a connection string's password, a key in a message).
  if (error instanceof ConfigError || error instanceof StartError) {
    console.error(redactSecrets(error.message));
  } else {
    console.error(redactSecrets(inspect(error)));
  }
  process.exit(1);
});
