CREATE TABLE "project_storage" (
	"project_id" varchar(101) PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "project_storage_not_negative" CHECK ("project_storage"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "project_storage" ADD CONSTRAINT "project_storage_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_bundle_id_web_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."web_bundles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Decision 035: at most one pending build per project and platform. Of the pending builds that
-- queued before it, the oldest of each project and platform keeps its place; the others are
-- cancelled (they would have built the same bundle), saying why in their log.
INSERT INTO "build_logs" ("build_id", "line")
  SELECT "id", 'Cancelled: an earlier request of this app and platform was already in the queue.'
  FROM "builds" b
  WHERE b."status" = 'pending' AND EXISTS (
    SELECT 1 FROM "builds" o
    WHERE o."status" = 'pending' AND o."project_id" = b."project_id" AND o."platform" = b."platform"
      AND (o."date_generate", o."id") < (b."date_generate", b."id")
  );--> statement-breakpoint
UPDATE "builds" b SET "status" = 'cancelled', "finished_at" = now()
  WHERE b."status" = 'pending' AND EXISTS (
    SELECT 1 FROM "builds" o
    WHERE o."status" = 'pending' AND o."project_id" = b."project_id" AND o."platform" = b."platform"
      AND (o."date_generate", o."id") < (b."date_generate", b."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "builds_one_pending_unique" ON "builds" USING btree ("project_id","platform") WHERE "builds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "builds_owner_started_idx" ON "builds" USING btree ("owner_id","started_at") WHERE "builds"."started_at" is not null;--> statement-breakpoint
CREATE INDEX "builds_owner_queued_idx" ON "builds" USING btree ("owner_id") WHERE "builds"."status" in ('pending', 'building');--> statement-breakpoint
CREATE INDEX "builds_bundle_idx" ON "builds" USING btree ("bundle_id") WHERE "builds"."bundle_id" is not null;--> statement-breakpoint
-- What each project keeps already: its bundles and its documents' files.
INSERT INTO "project_storage" ("project_id", "bytes")
  SELECT "project_id", sum("bytes")::bigint FROM (
    SELECT "project_id", "size" AS "bytes" FROM "web_bundles"
    UNION ALL
    SELECT d."project_id", f."size" FROM "documents" d JOIN "stored_files" f ON f."key" = d."file_key"
  ) kept
  GROUP BY "project_id";
