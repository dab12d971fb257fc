CREATE TABLE "dev_app_builds" (
	"build_key" varchar(64) PRIMARY KEY NOT NULL,
	"state" varchar(10) NOT NULL,
	"version_code" integer NOT NULL,
	"version_name" text NOT NULL,
	"file_key" varchar(300),
	"size" bigint,
	"sha256" text,
	"cert_sha256" text,
	"error" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "dev_app_builds_state_check" CHECK ("state" IN ('building', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "dev_app_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"keystore_sealed" text NOT NULL,
	"password_sealed" text NOT NULL,
	"alias" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
