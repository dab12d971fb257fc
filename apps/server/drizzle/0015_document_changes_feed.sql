-- Decision 041: the change log is the feed. Every insert, update or delete of a document writes
-- one row of `document_changes` in its own transaction, and nothing else: no NOTIFY (a NOTIFY in
-- a transaction holds the database-wide notify lock through the flush of its commit, so every
-- write committed one at a time) and no per-collection lock (the servers read the log in id
-- order and wait for the ids still in flight: see change-feed.ts). The server that wrote sends a
-- NOTIFY after its commit, as a wake-up.
--
-- The trigger runs at the row, not at commit: a later write of the same document waits for the
-- row's lock, which the earlier holds until its commit, so it takes the larger id; one
-- document's changes are in commit order.
CREATE FUNCTION "log_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed "documents";
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  INSERT INTO "document_changes" ("project_id", "collection", "document_id", "op")
    VALUES (changed."project_id", changed."collection", changed."id", lower(TG_OP));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "documents_notify" ON "documents";
--> statement-breakpoint
DROP FUNCTION "notify_document_change"();
--> statement-breakpoint
CREATE TRIGGER "documents_log_change" AFTER INSERT OR UPDATE OR DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "log_document_change"();
