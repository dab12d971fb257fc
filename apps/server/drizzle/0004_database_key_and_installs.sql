-- Database keys become independent random material (decision 013). A key used to be
-- database_key_prefix (17 characters) || project_databases.id (33), both stored in clear, so the
-- database rebuilt it. Existing keys keep working until their owner generates a new one (their
-- hash still authorises), but nothing stored rebuilds them any more:
--   * a key never shown (database_key_once still set) had no user: it is retired (its hash
--     replaced by one no key has) and its clear text dropped; the settings page's first view
--     issues a new key;
--   * the stored prefix is cut to the 4 characters the masked key displays;
--   * every database document gets a new random id, which no key contains.
UPDATE "project_settings"
SET "database_key_hash" = encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex')
WHERE "database_key_once" IS NOT NULL;
--> statement-breakpoint
UPDATE "project_settings" SET "database_key_prefix" = left("database_key_prefix", 4);
--> statement-breakpoint
UPDATE "project_databases" SET "id" = left(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 33);
--> statement-breakpoint
-- Installs count once per device (decision 014): app_installs holds the install ids counted.
CREATE TABLE "app_installs" (
	"project_id" varchar(101) NOT NULL,
	"platform" varchar(10) NOT NULL,
	"install_id" varchar(64) NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_installs_project_id_platform_install_id_pk" PRIMARY KEY("project_id","platform","install_id"),
	CONSTRAINT "app_installs_platform_check" CHECK ("platform" IN ('android', 'apple'))
);
--> statement-breakpoint
ALTER TABLE "project_settings" ALTER COLUMN "database_key_prefix" SET DATA TYPE varchar(12);--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "database_key_sealed" text;--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "database_key_sealed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_installs" ADD CONSTRAINT "app_installs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_settings" DROP COLUMN "database_key_once";--> statement-breakpoint
ALTER TABLE "project_settings" ADD CONSTRAINT "project_settings_sealed_key_check" CHECK (("project_settings"."database_key_sealed" is null) = ("project_settings"."database_key_sealed_until" is null));--> statement-breakpoint
ALTER TABLE "project_settings" ADD CONSTRAINT "project_settings_shown_key_check" CHECK ("project_settings"."key_revealed_at" is null or "project_settings"."database_key_sealed" is null);
