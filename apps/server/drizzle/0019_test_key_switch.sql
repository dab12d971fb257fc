-- The Test Mode key switched off (or on again) is announced on database_keys like a new key
-- (migration 0009): every server forgets what it remembered of the project's key, and ends the
-- streams opened with it.
CREATE TRIGGER "project_settings_test_key_notify" AFTER UPDATE OF "test_key_enabled" ON "project_settings" FOR EACH ROW WHEN (OLD."test_key_enabled" IS DISTINCT FROM NEW."test_key_enabled") EXECUTE FUNCTION "notify_database_key_change"();
