import type { AuditAction, AuditDetails } from "@hybridge/shared/audit/schemas";
import type { Db, Tx } from "./db/client";
import { auditEvents } from "./db/schema";

/**
 * Records one audit event (decision 063). Pass the transaction of the action it records: the
 * event and the action are kept together or not at all. `details` is names and ids only —
 * never a token, password or key.
 */
export async function recordAudit(
  tx: Db | Tx,
  event: {
    actorId: string;
    projectId?: string | null;
    action: AuditAction;
    details?: AuditDetails;
  },
) {
  await tx.insert(auditEvents).values({
    actorId: event.actorId,
    projectId: event.projectId ?? null,
    action: event.action,
    details: event.details ?? {},
  });
}
