// Many apps watching one collection through @hybridge/app, in a process of their own, as phones
// would: run with `node --experimental-eventsource --import tsx` (Node 20's EventSource, which
// reconnects with Last-Event-ID as browsers do). Configured by SERVER, KEY, COLLECTION and
// CLIENTS; asked "report" over IPC, it answers what each client was called back with.
import { configure, db } from "@hybridge/app/db";

const { SERVER = "", KEY = "", COLLECTION = "", CLIENTS = "1" } = process.env;
configure({ server: SERVER, key: KEY });
const send = (message: unknown) => process.send?.(message);

/** Per client, its callbacks in order: `added:<id>`, `modified:<id>`, `deleted:<id>`, `reset`. */
const seen: string[][] = [];
for (let i = 0; i < Number(CLIENTS); i++) {
  const changes: string[] = [];
  seen.push(changes);
  db.watch(
    COLLECTION,
    (change) => {
      if (change.type === "reset") changes.push("reset");
      else if (change.type === "deleted") changes.push(`deleted:${change.id}`);
      else changes.push(`${change.type}:${change.document.id}`);
    },
    { onError: (error) => send({ error: error.message }) },
  );
}
process.on("message", (message) => {
  if (message === "report") send({ seen });
  if (message === "exit") process.exit(0);
});
send({ started: true });
