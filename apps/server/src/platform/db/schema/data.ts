import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "./helpers";
import { projects } from "./projects";

/**
 * The Test Mode database of a project (decision 027): JSON documents in named collections, one
 * table for every project and collection. `size` is the document's JSON length, `fileKey` the
 * storage key of a file added with it. Access rules for live apps can come later as a column
 * (the owning app user) and a condition in the services' queries, without another table.
 */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    collection: varchar("collection", { length: 64 }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    size: integer("size").notNull(),
    fileKey: text("file_key"),
    createdAt: createdAt(),
    /** The last write's time: the creation time until the first update or replace. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** 1 at creation, one more per write: what `ifVersion` compares with (decision 037). */
    version: integer("version").notNull().default(1),
    /**
     * The id of the last insert or update in the change log (document_changes), taken by the
     * table's trigger as the row is written (migration 0016): the writer learns it with RETURNING.
     */
    changeId: bigint("change_id", { mode: "number" }),
    /**
     * The values of the data paths its collection's declared indexes read (decision 065), by
     * path key (`["address","city"]`): written by the table's trigger from `data` at each insert
     * and each change of `data` (migration 0028), for the paths in collection_index_paths. The
     * declared indexes are built over it and include it, so that an update of other fields is
     * a HOT update and a count is read from the index alone.
     */
    indexed: jsonb("indexed").$type<Record<string, unknown>>(),
  },
  (t) => [
    // NULLS FIRST, as `ORDER BY … DESC` means: with Drizzle's default (NULLS LAST) PostgreSQL
    // sorted every page instead of reading it in index order (migration 0009).
    index("documents_project_collection_created_idx").on(
      t.projectId,
      t.collection,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check("documents_collection_name", sql`${t.collection} ~ '^[a-z0-9_-]{1,64}$'`),
  ],
);

/** How many rows share a project's document count (document_usage). */
export const DOCUMENT_USAGE_STRIPES = 16;

/**
 * How many documents each project holds, in DOCUMENT_USAGE_STRIPES rows (stripes) per project
 * so that concurrent adds do not all wait on one row (decision 040). Stripe `s` holds at most
 * its share of the limit, `limit / 16` plus one for the first `limit % 16` stripes: the shares
 * add up to the limit, so the stripes' total never passes it. An add raises one stripe under
 * its share that no other add holds (`FOR UPDATE SKIP LOCKED`), a delete lowers one above 0;
 * never a count then an insert (two adds at once could both pass a count).
 */
export const documentUsage = pgTable(
  "document_usage",
  {
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    stripe: smallint("stripe").notNull().default(0),
    documents: integer("documents").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.stripe] }),
    check("document_usage_not_negative", sql`${t.documents} >= 0`),
    check(
      "document_usage_stripe",
      sql`${t.stripe} >= 0 and ${t.stripe} < ${sql.raw(String(DOCUMENT_USAGE_STRIPES))}`,
    ),
  ],
);

/**
 * Every change of a document, numbered in commit order per collection (decision 039): the
 * documents table's trigger (migration 0012) writes one row per insert, update or delete, under
 * a lock of the collection held to commit, and notifies its id. A reconnecting stream replays
 * what it missed from here. Kept for a few minutes only (`pruneDocumentChanges`); no foreign key:
 * a project's documents deleted with it still log their deletion.
 */
export const documentChanges = pgTable(
  "document_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: varchar("project_id", { length: 101 }).notNull(),
    collection: varchar("collection", { length: 64 }).notNull(),
    documentId: uuid("document_id").notNull(),
    /** insert, update or delete. */
    op: varchar("op", { length: 6 }).notNull(),
    /**
     * The document before an update or a delete, in a collection with access rules (migration
     * 0020): `{ data, createdAt, updatedAt }`, times in UTC to the microsecond. A ruled live
     * stream sends a document's departure only to whom its list rule showed it (decision 044).
     */
    before: jsonb("before").$type<{
      data: Record<string, unknown>;
      createdAt: string;
      updatedAt: string;
    }>(),
    /**
     * When the log's row was written: the clock, not the transaction's start (migration 0027),
     * so after its id was taken. The pruning relies on it (`pruneDocumentChanges`): every change
     * up to one written before a time took its id before that time. No index: the pruning
     * finds its cut by the primary key.
     */
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("document_changes_collection_idx").on(t.projectId, t.collection, t.id)],
);

/**
 * The highest change id of each collection pruned from document_changes: a stream resuming from
 * an older id may have lost changes, and is told to read its collection again.
 */
export const documentChangesPruned = pgTable(
  "document_changes_pruned",
  {
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    collection: varchar("collection", { length: 64 }).notNull(),
    id: bigint("id", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.collection] })],
);

/**
 * Indexes an owner declared on a collection (decision 041), each built as a partial index of
 * documents named `documents_ix_<id without dashes>` over the query compiler's expressions.
 * `fields` is the declaration as the API reads it (IndexField[]), `key` its canonical text: the
 * unique constraint lets one of two identical declarations in, never both.
 */
export const collectionIndexes = pgTable(
  "collection_indexes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    collection: varchar("collection", { length: 64 }).notNull(),
    fields: jsonb("fields")
      .$type<Array<{ field: string[]; mode: "==" | "asc" | "desc" }>>()
      .notNull(),
    /** sha256 of the fields' JSON: what two identical declarations share. */
    key: varchar("key", { length: 64 }).notNull(),
    /** building, ready or failed. */
    status: varchar("status", { length: 8 }).notNull().default("building"),
    /** The database's message when the build failed. */
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("collection_indexes_fields").on(t.projectId, t.collection, t.key),
    check("collection_indexes_status", sql`${t.status} in ('building', 'ready', 'failed')`),
  ],
);

/**
 * The data paths whose values a collection's documents also hold in `documents.indexed`
 * (decision 065): each path of a declared index, added before its index is built and kept
 * after (a server that has not yet heard of a deletion may still read it there). `key` is the
 * path as JSON text (compile-query's pathKey), `path` its keys.
 */
export const collectionIndexPaths = pgTable(
  "collection_index_paths",
  {
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    collection: varchar("collection", { length: 64 }).notNull(),
    key: text("key").notNull(),
    path: text("path").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.collection, t.key] })],
);

/**
 * A collection's access rules (decision 044): who may list, get, create, update and delete its
 * documents with the public app key. Each rule is its source text (`true`, `false`, or an
 * expression of packages/shared/src/rules), parsed and validated before it is stored. A
 * collection without a row refuses everything to app users; the Test Mode key bypasses rules.
 */
export const collectionRules = pgTable(
  "collection_rules",
  {
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    collection: varchar("collection", { length: 64 }).notNull(),
    list: text("list").notNull(),
    get: text("get").notNull(),
    create: text("create").notNull(),
    update: text("update").notNull(),
    delete: text("delete").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.collection] }),
    check("collection_rules_collection_name", sql`${t.collection} ~ '^[a-z0-9_-]{1,64}$'`),
  ],
);
