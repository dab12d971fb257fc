import { z } from "zod";
import { pageCursorField } from "../common/paging";
import { AUDIT_ACTIONS } from "./actions";
import { AuditTexts } from "./texts";

export { AUDIT_ACTIONS };

export const AuditActionSchema = z.enum(AUDIT_ACTIONS, AuditTexts.invalidAction);
export type { AuditAction } from "./actions";

/**
 * An event's details: a few names and ids that say what was acted on (a token's name and
 * prefix, a build's version), never a secret.
 */
export const AuditDetailsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type AuditDetails = z.infer<typeof AuditDetailsSchema>;

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_PAGE_MAX = 100;
const invalidLimit = AuditTexts.invalidLimit(AUDIT_PAGE_MAX);

/** `GET /api/projects/:id/audit?cursor=…&limit=…` (newest first, common/paging.ts). */
export const AuditQuerySchema = z.object({
  cursor: pageCursorField(AuditTexts.invalidCursor),
  limit: z.coerce
    .number(invalidLimit)
    .int(invalidLimit)
    .min(1, invalidLimit)
    .max(AUDIT_PAGE_MAX, invalidLimit)
    .optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** `GET /api/admin/audit?action=…&cursor=…&limit=…`: every project's events, for admins. */
export const AdminAuditQuerySchema = AuditQuerySchema.extend({
  action: AuditActionSchema.optional(),
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuerySchema>;

export const AuditEventSchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  time: z.string(),
  actorId: z.string().nullable(),
  /** The actor's name now; null once the account is deleted. */
  actorName: z.string().nullable(),
  projectId: z.string().nullable(),
  /** The project's name now; null for an event of no project (a build machine) or a deleted one. */
  projectName: z.string().nullable(),
  action: AuditActionSchema,
  details: AuditDetailsSchema,
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = z.object({
  events: z.array(AuditEventSchema),
  /** The next, older page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
