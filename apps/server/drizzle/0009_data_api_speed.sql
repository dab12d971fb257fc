DROP INDEX "documents_project_collection_created_idx";--> statement-breakpoint
CREATE INDEX "documents_project_collection_created_idx" ON "documents" USING btree ("project_id","collection","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- A database key that stops authorising (regenerated, its project deleted) or whose project
-- changes hands is announced at commit on database_keys as the project id, whoever made the
-- change, so that every server forgets what it remembered of that key (decision 027).
CREATE OR REPLACE FUNCTION "notify_database_key_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('database_keys', OLD."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "project_settings_key_notify" AFTER UPDATE OF "database_key_hash" ON "project_settings" FOR EACH ROW WHEN (OLD."database_key_hash" IS DISTINCT FROM NEW."database_key_hash") EXECUTE FUNCTION "notify_database_key_change"();
--> statement-breakpoint
CREATE TRIGGER "project_settings_delete_notify" AFTER DELETE ON "project_settings" FOR EACH ROW EXECUTE FUNCTION "notify_database_key_change"();
--> statement-breakpoint
CREATE TRIGGER "projects_admin_notify" AFTER UPDATE OF "admin_id" ON "projects" FOR EACH ROW WHEN (OLD."admin_id" IS DISTINCT FROM NEW."admin_id") EXECUTE FUNCTION "notify_database_key_change"();
