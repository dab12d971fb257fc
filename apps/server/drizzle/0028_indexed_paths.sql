CREATE TABLE "collection_index_paths" (
	"project_id" varchar(101) NOT NULL,
	"collection" varchar(64) NOT NULL,
	"key" text NOT NULL,
	"path" text[] NOT NULL,
	CONSTRAINT "collection_index_paths_project_id_collection_key_pk" PRIMARY KEY("project_id","collection","key")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "indexed" jsonb;--> statement-breakpoint
ALTER TABLE "collection_index_paths" ADD CONSTRAINT "collection_index_paths_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 065: the values of the paths a collection's declared indexes read are kept in
-- "indexed" too, by path key, and the declared indexes are built over it (and include it), not
-- over "data": an update of other fields then writes no index (a HOT update), and a count of a
-- declared equality is read from the index alone. data_at reads a path as compile-query's
-- `data -> $1 -> $2` does (NULL past an array or a scalar).
CREATE FUNCTION "data_at"("value" jsonb, "path" text[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  step text;
BEGIN
  FOREACH step IN ARRAY "path" LOOP
    "value" := "value" -> step;
    IF "value" IS NULL THEN RETURN NULL; END IF;
  END LOOP;
  RETURN "value";
END;
$$;
--> statement-breakpoint
-- A document's "indexed": its values at its collection's paths (NULL when it has none of them).
-- PL/pgSQL, so that its query is planned once per connection (an SQL function's would be
-- planned at each call from the trigger); a one-key path is read in place.
CREATE FUNCTION "document_indexed"("project" varchar, "coll" varchar, "value" jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT jsonb_object_agg(p."key", v."at")
    FROM "collection_index_paths" p
    CROSS JOIN LATERAL (SELECT CASE WHEN cardinality(p."path") = 1 THEN "value" -> p."path"[1]
      ELSE "data_at"("value", p."path") END AS "at") v
    WHERE p."project_id" = "project" AND p."collection" = "coll" AND v."at" IS NOT NULL);
END;
$$;
--> statement-breakpoint
-- An insert, or a write of "data", takes its change's id (decision 042, as before) and writes
-- "indexed" from the paths committed when the trigger runs. An update of "indexed" alone (a
-- declared index's backfill, collection-indexes.ts) is no change of the document: no id, no log.
CREATE OR REPLACE FUNCTION "take_document_change_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."data" IS NOT DISTINCT FROM OLD."data"
    AND NEW."version" = OLD."version" AND NEW."indexed" IS DISTINCT FROM OLD."indexed" THEN
    RETURN NEW;
  END IF;
  LOCK TABLE "document_changes" IN ROW EXCLUSIVE MODE;
  PERFORM pg_current_xact_id();
  NEW."change_id" := nextval('document_changes_id_seq');
  IF TG_OP = 'INSERT' OR NEW."data" IS DISTINCT FROM OLD."data" THEN
    NEW."indexed" := "document_indexed"(NEW."project_id", NEW."collection", NEW."data");
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The log's row, as migration 0020 wrote it, but none for an update that took no change id.
CREATE OR REPLACE FUNCTION "log_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before jsonb;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."change_id" IS NOT DISTINCT FROM OLD."change_id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND EXISTS (
    SELECT 1 FROM "collection_rules" r
    WHERE r."project_id" = OLD."project_id" AND r."collection" = OLD."collection"
  ) THEN
    before := jsonb_build_object(
      'data', OLD."data",
      'createdAt', to_char(OLD."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'updatedAt', to_char(OLD."updated_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'));
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "document_changes" ("project_id", "collection", "document_id", "op", "before")
      VALUES (OLD."project_id", OLD."collection", OLD."id", 'delete', before);
  ELSE
    INSERT INTO "document_changes" ("id", "project_id", "collection", "document_id", "op", "before")
      OVERRIDING SYSTEM VALUE
      VALUES (NEW."change_id", NEW."project_id", NEW."collection", NEW."id", lower(TG_OP), before);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Room in each page for a row's next version, so that an update can stay on its page (HOT).
ALTER TABLE "documents" SET (fillfactor = 90);
--> statement-breakpoint
-- The declared indexes built over "data" are dropped and their declarations built again, over
-- "indexed", by the next server's start (reconcileCollectionIndexes).
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = 'documents'::regclass AND c.relname LIKE 'documents\_ix\_%'
  LOOP
    EXECUTE format('DROP INDEX %I', name);
  END LOOP;
END;
$$;
--> statement-breakpoint
UPDATE "collection_indexes" SET "status" = 'building', "error" = NULL WHERE "status" = 'ready';
