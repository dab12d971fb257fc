CREATE TABLE "update_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" varchar(101) NOT NULL,
	"name" varchar(40) NOT NULL,
	"embedded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_channels_project_name_unique" UNIQUE("project_id","name")
);
--> statement-breakpoint
CREATE TABLE "update_installs" (
	"update_id" uuid NOT NULL,
	"install_id" varchar(64) NOT NULL,
	"state" varchar(20) NOT NULL,
	"asked_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"rolled_back_at" timestamp with time zone,
	"reason" varchar(500),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_installs_pk" PRIMARY KEY("update_id","install_id"),
	CONSTRAINT "update_installs_state_check" CHECK ("state" IN ('asked', 'downloaded', 'applied', 'ready', 'failed', 'rolled-back'))
);
--> statement-breakpoint
CREATE TABLE "update_keys" (
	"project_id" varchar(101) PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" varchar(101) NOT NULL,
	"channel_id" uuid NOT NULL,
	"bundle_id" uuid,
	"file_key" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"signature" text NOT NULL,
	"message" varchar(200) DEFAULT '' NOT NULL,
	"runtime_version" varchar(40) NOT NULL,
	"rollout_percent" integer DEFAULT 100 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "updates_rollout_percent_check" CHECK ("updates"."rollout_percent" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "update_channels" ADD CONSTRAINT "update_channels_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_installs" ADD CONSTRAINT "update_installs_update_id_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_keys" ADD CONSTRAINT "update_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_channel_id_update_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."update_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_bundle_id_web_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."web_bundles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "updates_channel_created_idx" ON "updates" USING btree ("channel_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "updates_project_created_idx" ON "updates" USING btree ("project_id","created_at" DESC NULLS LAST,"id");