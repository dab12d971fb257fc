import type { FastifyBaseLogger } from "fastify";
import type { Database, DatabaseState } from "./client";

export type DatabaseHealth = ReturnType<typeof createDatabaseHealth>;

/**
 * The database's state for readiness, and the repair of a database recreated empty under the
 * running server (dropped and created again by an operator, a restored empty volume): its
 * committed migrations are applied again, once, rather than every request failing until a
 * restart. Changes of state are logged once each, not at every probe.
 */
export function createDatabaseHealth(options: {
  database: Pick<Database, "probe" | "migrate">;
  log: FastifyBaseLogger;
}) {
  const { database, log } = options;
  let checking: Promise<DatabaseState> | undefined;
  let repairing: Promise<void> | undefined;
  let last: DatabaseState = "ok";

  /** Re-applies the migrations if the schema is missing; concurrent calls share one attempt. */
  function repairSchema(): Promise<void> {
    repairing ??= (async () => {
      if ((await database.probe()).state !== "schema-missing") return;
      // On PostgreSQL, under an advisory lock: other servers on the database wait their turn.
      await database.migrate();
      log.warn("the database schema was missing: migrations re-applied");
    })()
      .catch((error) => log.error({ err: error }, "re-applying the missing database schema failed"))
      .finally(() => {
        repairing = undefined;
      });
    return repairing;
  }

  /** The database's state now; a missing schema starts its repair. */
  function check(): Promise<DatabaseState> {
    checking ??= (async () => {
      // Not ready until the repair has finished: its migrations may already be committed (a
      // probe on another connection would find the schema) before it has said so.
      if (repairing) return "schema-missing";
      const { state, error } = await database.probe();
      if (state !== last) {
        if (state === "ok") log.info("the database answers again");
        else if (state === "down") log.error({ err: error }, "the database cannot be reached");
        else log.error("the database answers without its schema (recreated empty?)");
        last = state;
      }
      if (state === "schema-missing") void repairSchema();
      return state;
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  }

  return { check, repairSchema };
}
