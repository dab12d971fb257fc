// Decision 041's measure: what a declared index (collection-indexes.ts) changes for a `where`
// equality + orderBy + limit 20 and a count over 100,000 documents of one collection, through
// queryDocuments/countDocuments (the SQL the API runs), and what each declared index costs a write.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/server/scripts/measure-collection-index.ts
import { randomBytes, randomUUID } from "node:crypto";
import { parseDocumentQuery } from "@hybridge/shared/data/query";
import type { DocumentsResponse } from "@hybridge/shared/data/schemas";
import postgres from "postgres";
import { createIndexStatement } from "../src/features/data/collection-indexes";
import { documentScope, ownerCaller } from "../src/features/data/document-scope";
import { countDocuments, queryDocuments } from "../src/features/data/query-documents";
import { openDatabase } from "../src/platform/db/client";

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const COUNT = Number(process.env.DOCUMENTS ?? 100_000);
const WRITES = Number(process.env.WRITES ?? 2_000);
const name = `hybridge_measure_${randomBytes(4).toString("hex")}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: "postgres", url: url.toString() });
const read = (input: unknown) => {
  const parsed = parseDocumentQuery(input);
  if (parsed.issues) throw new Error(JSON.stringify(parsed.issues));
  return parsed.query;
};
try {
  await database.migrate();
  const seed = postgres(url.toString(), { max: 1, onnotice: () => {} });
  // No project row, no triggers: the rows alone, as fast as they can be written.
  await seed.unsafe("set session_replication_role = replica");
  await seed.unsafe(`
    insert into documents (project_id, collection, data, size, created_at, updated_at)
    select 'p1', 'orders',
      jsonb_build_object('status', (array['open','paid','shipped','cancelled','draft'])[1 + i % 5],
        'total', (i * 7919) % 100000 / 100.0, 'customer', 'c' || (i % 500)),
      80, now() - i * interval '1 second', now()
    from generate_series(1, ${COUNT}) i`);
  await seed.unsafe("analyze documents");
  const scope = documentScope(ownerCaller("u1", "p1"), "orders");
  const view = { filesBase: "http://localhost/files" };
  const query = read({
    where: [{ field: "status", op: "==", value: "open" }],
    orderBy: [{ field: "total", direction: "asc" }],
    limit: 20,
  });
  const first: DocumentsResponse = JSON.parse(
    await queryDocuments({ db: database.db, scope, query, view }),
  );
  const after = read({
    where: [{ field: "status", op: "==", value: "open" }],
    orderBy: [{ field: "total", direction: "asc" }],
    limit: 20,
    after: first.nextCursor ?? undefined,
  });
  const time = async (label: string, run: () => Promise<unknown>, rounds = 20) => {
    await run();
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.log(
      `${label}: median ${median.toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms`,
    );
  };
  const reads = async (label: string) => {
    await time(`${label}: status == open, orderBy total, limit 20`, () =>
      queryDocuments({ db: database.db, scope, query, view }),
    );
    await time(`${label}: the same, second page (after)`, () =>
      queryDocuments({ db: database.db, scope, query: after, view }),
    );
    await time(`${label}: count of status == open`, () =>
      countDocuments({ db: database.db, scope, query }),
    );
  };
  // One add as the API writes it: one row, its own statement, committed.
  const writes = async (label: string) => {
    const start = performance.now();
    for (let i = 0; i < WRITES; i++) {
      await seed.unsafe(
        `insert into documents (project_id, collection, data, size) values ('p1', 'orders', $1::jsonb, 80)`,
        [{ status: "open", total: i / 10, customer: `w${i}` }],
      );
    }
    const each = (performance.now() - start) / WRITES;
    console.log(`${label}: ${WRITES} adds one by one, ${each.toFixed(3)} ms each`);
  };
  console.log(`${COUNT} documents in one collection`);
  await reads("no declared index");
  await writes("no declared index");
  const declare = async (fields: Array<{ field: string[]; mode: "==" | "asc" | "desc" }>) => {
    const start = performance.now();
    const row = { id: randomUUID(), projectId: "p1", collection: "orders", fields };
    await seed.unsafe(createIndexStatement(row, true));
    console.log(
      `declared ${fields.map((f) => `${f.field.join(".")} ${f.mode}`).join(", ")}: built in ${Math.round(performance.now() - start)} ms`,
    );
  };
  await declare([
    { field: ["status"], mode: "==" },
    { field: ["total"], mode: "asc" },
  ]);
  await seed.unsafe("analyze documents");
  await reads("declared status ==, total asc");
  await writes("1 declared index");
  await declare([{ field: ["customer"], mode: "==" }]);
  await declare([{ field: ["total"], mode: "desc" }]);
  await writes("3 declared indexes");
  await seed.end();
} finally {
  await database.close();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
