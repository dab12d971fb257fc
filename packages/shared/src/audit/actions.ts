/**
 * What the audit log records (decision 063): the closed set of owners' and admins' actions. The
 * database's CHECK constraint is built from this list.
 */
export const AUDIT_ACTIONS = [
  "key.regenerated",
  "deploy-token.created",
  "deploy-token.revoked",
  "build.published",
  "upload-key.replaced",
  "upload-key.reset",
  "upload-key.downloaded",
  "upload-key.password-read",
  "admin.granted",
  "agent.added",
  "agent.removed",
  "channel.created",
  "update.rollout-changed",
  "update.paused",
  "update.resumed",
  "update.rolled-back",
  "update.deleted",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
