CREATE TABLE "app_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A database that already has modules was seeded (or filled by hand) before this table existed.
INSERT INTO "app_flags" ("key") SELECT 'store-seeded' WHERE EXISTS (SELECT 1 FROM "modules");
