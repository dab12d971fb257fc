// Apps watching queries through @hybridge/app, in a process of their own, as phones would: run
// with `node --experimental-eventsource --import tsx` (Node 20's EventSource). Configured by
// SERVER, KEY, COLLECTION and WATCHES (JSON: [{ name, where }]); tells each callback over IPC
// as it comes: { name, change } with `results:<ids>`, `added:<id>`, `modified:<id>:<title>`,
// `removed:<id>`, or { name, error: code }.
import { configure, db } from "@hybridge/app/db";

const { SERVER = "", KEY = "", COLLECTION = "", WATCHES = "[]" } = process.env;
configure({ server: SERVER, key: KEY });
const send = (message: unknown) => process.send?.(message);

type Watch = { name: string; where: Array<[string, string, unknown]> };
for (const { name, where } of JSON.parse(WATCHES) as Watch[]) {
  let query = db.query<{ title: string }>(COLLECTION).orderBy("createdAt", "asc");
  for (const [field, op, value] of where) query = query.where(field, op as "==", value);
  query.watch(
    (change) => {
      if (change.type === "results") {
        send({ name, change: `results:${change.documents.map((d) => d.title).join(",")}` });
      } else if (change.type === "removed") send({ name, change: `removed:${change.id}` });
      else send({ name, change: `${change.type}:${change.document.title}` });
    },
    { onError: (error) => send({ name, error: error.code }) },
  );
}
process.on("message", (message) => {
  if (message === "exit") process.exit(0);
});
