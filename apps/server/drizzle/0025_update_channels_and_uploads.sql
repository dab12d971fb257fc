ALTER TABLE "builds" ADD COLUMN "update_channel" varchar(40);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "update_channel" varchar(40) DEFAULT 'production' NOT NULL;--> statement-breakpoint
-- Update zips count in the project's storage from now on (decision 056): the ones made before
-- are counted once here, so that deleting them later gives back bytes that were counted.
INSERT INTO "project_storage" ("project_id", "bytes")
  SELECT "project_id", sum("size") FROM "updates" GROUP BY "project_id"
  ON CONFLICT ("project_id") DO UPDATE SET "bytes" = "project_storage"."bytes" + EXCLUDED."bytes";
--> statement-breakpoint
-- The Updates section shows the builds' channel: its change is announced like the channels'.
CREATE OR REPLACE FUNCTION "notify_project_update_channel_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('update_changes', NEW."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_update_channel_notify_change" AFTER UPDATE OF "update_channel" ON "projects"
  FOR EACH ROW WHEN (OLD."update_channel" IS DISTINCT FROM NEW."update_channel")
  EXECUTE FUNCTION "notify_project_update_channel_change"();
