CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" varchar(101) NOT NULL,
	"owner_id" text NOT NULL,
	"platform" varchar(10) NOT NULL,
	"app_key" varchar(90) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"build_percent" varchar(3) DEFAULT '0' NOT NULL,
	"version" integer NOT NULL,
	"date_generate" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "builds_platform_check" CHECK ("platform" IN ('android', 'apple')),
	CONSTRAINT "builds_status_check" CHECK ("status" IN ('pending', 'building', 'published')),
	CONSTRAINT "builds_version_check" CHECK ("builds"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "beta_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(35) NOT NULL,
	"description" varchar(200) NOT NULL,
	"segment" varchar(30) NOT NULL,
	"email" varchar(35) NOT NULL,
	"country" varchar(20) NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_segment_check" CHECK ("segment" IN ('ecommerce', 'healthcare', 'education', 'finance', 'retail', 'transport', 'realEstate', 'food', 'travel', 'sports', 'media', 'socialNetwork', 'business', 'other')),
	CONSTRAINT "contacts_country_check" CHECK ("country" IN ('France', 'Belgium', 'Canada', 'Germany', 'Suisse', 'US')),
	CONSTRAINT "contacts_email_lower_check" CHECK ("contacts"."email" = lower("contacts"."email"))
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" varchar(2000) NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"user_email" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "comments_text_check" CHECK (length(btrim("comments"."text")) > 0)
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"user_email" text NOT NULL,
	"doc_clarity" smallint NOT NULL,
	"api_intuition" smallint NOT NULL,
	"backend_simplicity" smallint NOT NULL,
	"main_advantage" varchar(1000) NOT NULL,
	"main_weakness" varchar(1000) NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluations_user_unique" UNIQUE("user_id"),
	CONSTRAINT "evaluations_doc_clarity_check" CHECK ("doc_clarity" BETWEEN 1 AND 5),
	CONSTRAINT "evaluations_api_intuition_check" CHECK ("api_intuition" BETWEEN 1 AND 5),
	CONSTRAINT "evaluations_backend_simplicity_check" CHECK ("backend_simplicity" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"owner_id" text,
	"content_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "install_counters" (
	"project_id" varchar(101) NOT NULL,
	"platform" varchar(10) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "install_counters_project_id_platform_pk" PRIMARY KEY("project_id","platform"),
	CONSTRAINT "install_counters_platform_check" CHECK ("platform" IN ('android', 'apple')),
	CONSTRAINT "install_counters_count_check" CHECK ("install_counters"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_databases" (
	"id" varchar(33) PRIMARY KEY NOT NULL,
	"project_id" varchar(101) NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_databases_project_unique" UNIQUE("project_id")
);
--> statement-breakpoint
CREATE TABLE "project_modules" (
	"project_id" varchar(101) NOT NULL,
	"module_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_modules_project_id_module_id_pk" PRIMARY KEY("project_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "project_settings" (
	"id" varchar(101) PRIMARY KEY NOT NULL,
	"database_key_hash" varchar(64) NOT NULL,
	"database_key_prefix" varchar(17) NOT NULL,
	"database_key_once" varchar(50),
	"key_revealed_at" timestamp with time zone,
	"app_id" text NOT NULL,
	"app_key" varchar(90) NOT NULL,
	"app_name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_settings_database_key_hash_unique" UNIQUE("database_key_hash")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" varchar(101) PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"key_app" varchar(90) NOT NULL,
	"description" varchar(250) NOT NULL,
	"segment" varchar(30) NOT NULL,
	"color" varchar(7) DEFAULT '#0E904D' NOT NULL,
	"statusbar" varchar(7) DEFAULT '#FFFFFF' NOT NULL,
	"nav_bar_type" varchar(10) DEFAULT 'footer' NOT NULL,
	"ic_launch_file_url" text DEFAULT 'default.png' NOT NULL,
	"ic_notification_file_url" text DEFAULT 'default.svg' NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"admin_id" text NOT NULL,
	"tester" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_key_app_unique" UNIQUE("key_app"),
	CONSTRAINT "projects_segment_check" CHECK ("segment" IN ('ecommerce', 'healthcare', 'education', 'finance', 'retail', 'transport', 'realEstate', 'food', 'travel', 'sports', 'media', 'socialNetwork', 'business', 'other')),
	CONSTRAINT "projects_nav_bar_type_check" CHECK ("nav_bar_type" IN ('none', 'header', 'footer')),
	CONSTRAINT "projects_color_check" CHECK ("projects"."color" ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'),
	CONSTRAINT "projects_statusbar_check" CHECK ("projects"."statusbar" ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$')
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(120) NOT NULL,
	"description" varchar(2000) NOT NULL,
	"platform" varchar(15) DEFAULT 'multiplatform' NOT NULL,
	"price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"thumbnail_url" text NOT NULL,
	"video_url" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modules_platform_check" CHECK ("platform" IN ('multiplatform', 'android', 'ios')),
	CONSTRAINT "modules_price_check" CHECK ("modules"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"tester" text NOT NULL,
	"key_code" varchar(90),
	"nav_bar_type" varchar(10) DEFAULT 'footer' NOT NULL,
	"status_bar" varchar(7) DEFAULT '#099e51' NOT NULL,
	"network" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_configs_user_unique" UNIQUE("user_id"),
	CONSTRAINT "test_configs_nav_bar_type_check" CHECK ("nav_bar_type" IN ('none', 'header', 'footer'))
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_counters" ADD CONSTRAINT "install_counters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_databases" ADD CONSTRAINT "project_databases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_modules" ADD CONSTRAINT "project_modules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_modules" ADD CONSTRAINT "project_modules_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_settings" ADD CONSTRAINT "project_settings_id_projects_id_fk" FOREIGN KEY ("id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_configs" ADD CONSTRAINT "test_configs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "builds_project_platform_date_idx" ON "builds" USING btree ("project_id","platform","date_generate" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "builds_owner_platform_date_idx" ON "builds" USING btree ("owner_id","platform","date_generate" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "beta_signups_email_lower_unique" ON "beta_signups" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "beta_signups_date_idx" ON "beta_signups" USING btree ("date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_created_idx" ON "contacts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_timestamp_idx" ON "comments" USING btree ("timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "project_modules_module_idx" ON "project_modules" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "projects_admin_created_idx" ON "projects" USING btree ("admin_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "modules_created_idx" ON "modules" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "modules_platform_created_idx" ON "modules" USING btree ("platform","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "test_configs_tester_idx" ON "test_configs" USING btree ("tester");