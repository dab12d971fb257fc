CREATE TABLE "document_usage" (
	"project_id" varchar(101) PRIMARY KEY NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_usage_not_negative" CHECK ("document_usage"."documents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" varchar(101) NOT NULL,
	"collection" varchar(64) NOT NULL,
	"data" jsonb NOT NULL,
	"size" integer NOT NULL,
	"file_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_collection_name" CHECK ("documents"."collection" ~ '^[a-z0-9_-]{1,64}$')
);
--> statement-breakpoint
ALTER TABLE "document_usage" ADD CONSTRAINT "document_usage_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_project_collection_created_idx" ON "documents" USING btree ("project_id","collection","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Every added or deleted document is announced at commit on data_changes as
-- `{op}:{project id}:{collection}:{document id}`, whoever made the change (decision 027).
CREATE OR REPLACE FUNCTION "notify_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed "documents";
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('data_changes', lower(TG_OP) || ':' || changed."project_id" || ':' || changed."collection" || ':' || changed."id"::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "documents_notify" AFTER INSERT OR DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "notify_document_change"();
