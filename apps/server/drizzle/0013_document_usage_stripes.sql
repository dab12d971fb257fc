-- A project's document count is spread over 16 rows (stripes), so that concurrent adds do not
-- all wait on one row (decision 040).
ALTER TABLE "document_usage" DROP CONSTRAINT "document_usage_pkey";--> statement-breakpoint
ALTER TABLE "document_usage" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_usage" ADD CONSTRAINT "document_usage_project_id_stripe_pk" PRIMARY KEY("project_id","stripe");--> statement-breakpoint
ALTER TABLE "document_usage" ADD CONSTRAINT "document_usage_stripe" CHECK ("document_usage"."stripe" >= 0 and "document_usage"."stripe" < 16);--> statement-breakpoint
-- The counts so far, spread as the limit's shares are (count / 16, one more for the first
-- count % 16 stripes): a count under the limit gives every stripe at most its share.
INSERT INTO "document_usage" ("project_id", "stripe", "documents")
SELECT "project_id", s, "documents" / 16 + (s < "documents" % 16)::int
FROM "document_usage", generate_series(1, 15) AS s
WHERE "stripe" = 0;--> statement-breakpoint
UPDATE "document_usage" SET "documents" = "documents" / 16 + (0 < "documents" % 16)::int WHERE "stripe" = 0;
