-- Live Updates section: every change to a project's channels, updates or their installs' states
-- (a check, a report, a rollout, a rollback — by our services or in psql) is announced on the
-- channel update_changes with the project id, delivered at commit. The server LISTENs while an
-- owner's page is open and tells it, debounced, to read its updates again (decision 054).
CREATE OR REPLACE FUNCTION "notify_update_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('update_changes', COALESCE(NEW."project_id", OLD."project_id"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "updates_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "updates"
  FOR EACH ROW EXECUTE FUNCTION "notify_update_change"();
--> statement-breakpoint
CREATE TRIGGER "update_channels_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "update_channels"
  FOR EACH ROW EXECUTE FUNCTION "notify_update_change"();
--> statement-breakpoint
-- An install's row has no project id: one primary-key read of its update finds it.
CREATE OR REPLACE FUNCTION "notify_update_install_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  project varchar;
BEGIN
  SELECT "project_id" INTO project FROM "updates" WHERE "id" = COALESCE(NEW."update_id", OLD."update_id");
  IF project IS NOT NULL THEN
    PERFORM pg_notify('update_changes', project);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "update_installs_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "update_installs"
  FOR EACH ROW EXECUTE FUNCTION "notify_update_install_change"();
