import { AUDIT_ACTIONS } from "@hybridge/shared/audit/schemas";
import { check, index, jsonb, pgTable, text, uuid, varchar } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, inList } from "./helpers";
import { projects } from "./projects";

/**
 * The audit log (decision 063): what owners and admins did, each event written in the
 * transaction of the action it records. `details` holds names and ids, never a secret. An
 * event outlives its actor's account and its project (set null), until AUDIT_RETENTION_DAYS.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    time: createdAt("time"),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    projectId: varchar("project_id", { length: 101 }).references(() => projects.id, {
      onDelete: "set null",
    }),
    action: varchar("action", { length: 40 }).notNull(),
    details: jsonb("details").$type<Record<string, string | number>>().notNull().default({}),
  },
  (t) => [
    check("audit_events_action_check", inList("action", AUDIT_ACTIONS)),
    index("audit_events_project_time_idx").on(t.projectId, t.time.desc(), t.id.desc()),
    index("audit_events_time_idx").on(t.time.desc(), t.id.desc()),
  ],
);
