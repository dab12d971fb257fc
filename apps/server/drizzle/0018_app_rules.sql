CREATE TABLE "app_user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "app_user_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "app_user_tokens_purpose" CHECK ("app_user_tokens"."purpose" in ('verify', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "collection_rules" (
	"project_id" varchar(101) NOT NULL,
	"collection" varchar(64) NOT NULL,
	"list" text NOT NULL,
	"get" text NOT NULL,
	"create" text NOT NULL,
	"update" text NOT NULL,
	"delete" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_rules_project_id_collection_pk" PRIMARY KEY("project_id","collection"),
	CONSTRAINT "collection_rules_collection_name" CHECK ("collection_rules"."collection" ~ '^[a-z0-9_-]{1,64}$')
);
--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "test_key_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "app_users_verify_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_user_tokens" ADD CONSTRAINT "app_user_tokens_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_rules" ADD CONSTRAINT "collection_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_tokens_user_idx" ON "app_user_tokens" USING btree ("user_id");