CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"project_id" varchar(101),
	"action" varchar(40) NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_events_action_check" CHECK ("action" IN ('key.regenerated', 'deploy-token.created', 'deploy-token.revoked', 'build.published', 'upload-key.replaced', 'upload-key.reset', 'upload-key.downloaded', 'upload-key.password-read', 'admin.granted', 'agent.added', 'agent.removed', 'channel.created', 'update.rollout-changed', 'update.paused', 'update.resumed', 'update.rolled-back', 'update.deleted'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_project_time_idx" ON "audit_events" USING btree ("project_id","time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_time_idx" ON "audit_events" USING btree ("time" DESC NULLS LAST,"id" DESC NULLS LAST);