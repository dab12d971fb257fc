CREATE TABLE "document_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" varchar(101) NOT NULL,
	"collection" varchar(64) NOT NULL,
	"document_id" uuid NOT NULL,
	"op" varchar(6) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_changes_pruned" (
	"project_id" varchar(101) NOT NULL,
	"collection" varchar(64) NOT NULL,
	"id" bigint NOT NULL,
	CONSTRAINT "document_changes_pruned_project_id_collection_pk" PRIMARY KEY("project_id","collection")
);
--> statement-breakpoint
ALTER TABLE "document_changes_pruned" ADD CONSTRAINT "document_changes_pruned_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_changes_collection_idx" ON "document_changes" USING btree ("project_id","collection","id");--> statement-breakpoint
CREATE INDEX "document_changes_at_idx" ON "document_changes" USING btree ("at");--> statement-breakpoint
-- Every change is logged, then announced at commit as `{op}:{change id}:{project}:{collection}:{id}`
-- (decision 039). The ids of one collection are in commit order: the trigger runs at commit
-- (deferred, after every other statement and lock of the transaction) and takes the collection's
-- lock, held until the commit, before it takes an id; a later-committing write of the same
-- collection waits for it, so it cannot hold a smaller id.
CREATE OR REPLACE FUNCTION "notify_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed "documents";
  change_id bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended(changed."project_id" || ':' || changed."collection", 0));
  INSERT INTO "document_changes" ("project_id", "collection", "document_id", "op")
    VALUES (changed."project_id", changed."collection", changed."id", lower(TG_OP))
    RETURNING "id" INTO change_id;
  PERFORM pg_notify('data_changes', lower(TG_OP) || ':' || change_id || ':' || changed."project_id" || ':' || changed."collection" || ':' || changed."id"::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "documents_notify" ON "documents";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "documents_notify" AFTER INSERT OR UPDATE OR DELETE ON "documents" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "notify_document_change"();
