ALTER TABLE "document_changes" ADD COLUMN "before" jsonb;--> statement-breakpoint
-- Decision 044: a live stream bound by access rules sends a document's departure (written out of
-- its reach, or deleted) only to a subscriber whose list rule showed the document before. The
-- log keeps that "before" for collections that have rules (one primary-key lookup per update or
-- delete); the others' rows stay as they were.
CREATE OR REPLACE FUNCTION "log_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before jsonb;
BEGIN
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
