CREATE UNIQUE INDEX "builds_published_version_unique" ON "builds" USING btree ("project_id","platform","version") WHERE "builds"."status" = 'published';--> statement-breakpoint
-- Live project pages: every change to a build, by our services, a build worker or an operator
-- in psql, is announced on the channel build_changes with its project id (delivered at commit;
-- the server LISTENs and re-reads that project's latest builds).
CREATE OR REPLACE FUNCTION "notify_build_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('build_changes', COALESCE(NEW."project_id", OLD."project_id"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "builds_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "builds"
  FOR EACH ROW EXECUTE FUNCTION "notify_build_change"();
