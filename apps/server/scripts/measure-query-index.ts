// Decision 038's measure: a `where` equality, an orderBy on another field and limit 20 over
// 100,000 documents of one collection, on PostgreSQL, through queryDocuments (the SQL the API
// runs), without an index for it and with expression indexes on the data.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/server/scripts/measure-query-index.ts
import { randomBytes } from "node:crypto";
import { parseDocumentQuery } from "@hybridge/shared/data/query";
import type { DocumentsResponse } from "@hybridge/shared/data/schemas";
import postgres from "postgres";
import { documentScope, ownerCaller } from "../src/features/data/document-scope";
import { countDocuments, queryDocuments } from "../src/features/data/query-documents";
import { openDatabase } from "../src/platform/db/client";

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const COUNT = Number(process.env.DOCUMENTS ?? 100_000);
const name = `hybridge_measure_${randomBytes(4).toString("hex")}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: "postgres", url: url.toString() });
try {
  await database.migrate();
  const seed = postgres(url.toString(), { max: 1, onnotice: () => {} });
  // No project row, no triggers: the rows alone, as fast as they can be written.
  await seed.unsafe("set session_replication_role = replica");
  await seed.unsafe(`
    insert into documents (project_id, collection, data, size, created_at, updated_at)
    select 'p1', 'orders',
      jsonb_build_object('status', (array['open','paid','shipped','cancelled'])[1 + i % 4],
        'total', (i * 7919) % 100000 / 100.0, 'customer', 'c' || (i % 500)),
      80, now() - i * interval '1 second', now()
    from generate_series(1, ${COUNT}) i`);
  await seed.unsafe("analyze documents");
  const scope = documentScope(ownerCaller("u1", "p1"), "orders");
  const view = { filesBase: "http://localhost/files" };
  const read = parseDocumentQuery({
    where: [{ field: "status", op: "==", value: "open" }],
    orderBy: [{ field: "total", direction: "asc" }],
    limit: 20,
  });
  if (read.issues) throw new Error(JSON.stringify(read.issues));
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
  const first: DocumentsResponse = JSON.parse(
    await queryDocuments({ db: database.db, scope, query: read.query, view }),
  );
  const after = parseDocumentQuery({
    where: [{ field: "status", op: "==", value: "open" }],
    orderBy: [{ field: "total", direction: "asc" }],
    limit: 20,
    after: first.nextCursor ?? undefined,
  });
  if (after.issues) throw new Error(JSON.stringify(after.issues));
  const newest = parseDocumentQuery({ limit: 20 });
  if (newest.issues) throw new Error("newest");
  const run = async (label: string) => {
    await time(`${label}: newest 20 (default order)`, () =>
      queryDocuments({ db: database.db, scope, query: newest.query, view }),
    );
    await time(`${label}: status == open, orderBy total, limit 20`, () =>
      queryDocuments({ db: database.db, scope, query: read.query, view }),
    );
    await time(`${label}: the same, second page (after)`, () =>
      queryDocuments({ db: database.db, scope, query: after.query, view }),
    );
    await time(`${label}: count of status == open`, () =>
      countDocuments({ db: database.db, scope, query: read.query }),
    );
  };
  console.log(`${COUNT} documents in one collection`);
  await run("no index");
  await seed.unsafe(
    `create index documents_status_idx on documents (project_id, collection, (data -> 'status'))`,
  );
  await seed.unsafe("analyze documents");
  await run("expression index on data -> 'status'");
  await seed.unsafe("create index documents_gin_idx on documents using gin (data jsonb_path_ops)");
  await seed.unsafe("analyze documents");
  await run("plus GIN (jsonb_path_ops) on data");
  await seed.end();
} finally {
  await database.close();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
