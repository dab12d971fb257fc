CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(64) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"token_prefix" varchar(16) NOT NULL,
	"platforms" text[] NOT NULL,
	"embedded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "agents_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "build_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"build_id" uuid NOT NULL,
	"line" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"project_id" varchar(101) PRIMARY KEY NOT NULL,
	"keystore_sealed" text NOT NULL,
	"password_sealed" text NOT NULL,
	"alias" varchar(64) NOT NULL,
	"cert_sha256" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_shown_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "builds" DROP CONSTRAINT "builds_status_check";--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "agent_id" uuid;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "artifact_key" text;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "artifact_size" bigint;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "artifact_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "cert_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "build_logs" ADD CONSTRAINT "build_logs_build_id_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_seen_idx" ON "agents" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "build_logs_build_idx" ON "build_logs" USING btree ("build_id","id");--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "builds_queue_idx" ON "builds" USING btree ("platform","date_generate","id") WHERE "builds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "builds_lease_idx" ON "builds" USING btree ("lease_expires_at") WHERE "builds"."status" = 'building';--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_status_check" CHECK ("status" IN ('pending', 'building', 'ready', 'failed', 'cancelled', 'published'));--> statement-breakpoint
-- Live pages hear of what they show (status, percent, reason, artifact, publication), not of
-- a build machine's heartbeats, which only move the lease.
DROP TRIGGER "builds_notify_change" ON "builds";--> statement-breakpoint
CREATE TRIGGER "builds_notify_insert_delete" AFTER INSERT OR DELETE ON "builds"
  FOR EACH ROW EXECUTE FUNCTION "notify_build_change"();--> statement-breakpoint
CREATE TRIGGER "builds_notify_update" AFTER UPDATE ON "builds"
  FOR EACH ROW WHEN (
    OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."build_percent" IS DISTINCT FROM NEW."build_percent"
    OR OLD."published_at" IS DISTINCT FROM NEW."published_at"
    OR OLD."failure_reason" IS DISTINCT FROM NEW."failure_reason"
    OR OLD."artifact_key" IS DISTINCT FROM NEW."artifact_key"
    OR OLD."version" IS DISTINCT FROM NEW."version"
  ) EXECUTE FUNCTION "notify_build_change"();
