-- Indexes an owner declares on a collection (decision 041); each is built as a partial index of
-- documents by the server, not by a migration.
CREATE TABLE "collection_indexes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" varchar(101) NOT NULL,
	"collection" varchar(64) NOT NULL,
	"fields" jsonb NOT NULL,
	"key" varchar(64) NOT NULL,
	"status" varchar(8) DEFAULT 'building' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_indexes_fields" UNIQUE("project_id","collection","key"),
	CONSTRAINT "collection_indexes_status" CHECK ("collection_indexes"."status" in ('building', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "collection_indexes" ADD CONSTRAINT "collection_indexes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;