ALTER TABLE "documents" ADD COLUMN "change_id" bigint;--> statement-breakpoint
-- Decision 042: an insert or update takes its change's id as the row is written (BEFORE), so that
-- the writer reads it back (RETURNING "change_id") and its server can send the change at once
-- when it is the next one. Before the id: the log's write lock and the transaction's id, which
-- change-feed.ts relies on (a transaction holding an id in flight is among the log's writers and
-- in every later snapshot's running list).
CREATE FUNCTION "take_document_change_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "document_changes" IN ROW EXCLUSIVE MODE;
  PERFORM pg_current_xact_id();
  NEW."change_id" := nextval('document_changes_id_seq');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "documents_take_change_id" BEFORE INSERT OR UPDATE ON "documents" FOR EACH ROW EXECUTE FUNCTION "take_document_change_id"();
--> statement-breakpoint
-- The log's row: the id the row took, or, for a deletion, a new one.
CREATE OR REPLACE FUNCTION "log_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "document_changes" ("project_id", "collection", "document_id", "op")
      VALUES (OLD."project_id", OLD."collection", OLD."id", 'delete');
  ELSE
    INSERT INTO "document_changes" ("id", "project_id", "collection", "document_id", "op")
      OVERRIDING SYSTEM VALUE
      VALUES (NEW."change_id", NEW."project_id", NEW."collection", NEW."id", lower(TG_OP));
  END IF;
  RETURN NULL;
END;
$$;
