ALTER TABLE "documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A stored document was last written when it was made.
UPDATE "documents" SET "updated_at" = "created_at";
--> statement-breakpoint
-- Updates and replacements are announced like adds and deletes, as `update:{project}:{collection}:{id}`.
DROP TRIGGER "documents_notify" ON "documents";
--> statement-breakpoint
CREATE TRIGGER "documents_notify" AFTER INSERT OR UPDATE OR DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "notify_document_change"();
