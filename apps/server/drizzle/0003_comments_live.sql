-- Live feedback pages: every comment added or removed, by our services, by an account's
-- deletion (ON DELETE CASCADE) or by an operator, is announced on the channel comment_changes
-- as "insert:{id}" or "delete:{id}" (delivered at commit; the server LISTENs, reads an added
-- comment and forwards both to the open feedback pages).
CREATE OR REPLACE FUNCTION "notify_comment_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('comment_changes', lower(TG_OP) || ':' || COALESCE(NEW."id", OLD."id")::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "comments_notify_change" AFTER INSERT OR DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION "notify_comment_change"();
