import { AUDIT_ACTIONS, type AuditAction } from "@hybridge/shared/audit/schemas";
import { AuditTexts } from "@hybridge/shared/audit/texts";
import { History } from "lucide-react";
import { useId, useState } from "react";
import { SectionCard } from "@/components/ui/section-card";
import { Select } from "@/components/ui/select";
import { useSession } from "@/features/auth/api/use-session";
import { useAdminAudit, useAuditAfterChanges } from "../api/use-audit";
import { AuditList } from "./audit-list";

const OPTIONS = [
  { value: "", label: AuditTexts.allActions },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AuditTexts.actions[action] })),
];

/** /dash, for admins: every project's audit events, newest first, filtered by action. */
export function AdminAuditLog() {
  const session = useSession();
  const isAdmin = session.data?.user?.isAdmin === true;
  const filterId = useId();
  const [action, setAction] = useState<AuditAction | "">("");
  const pages = useAdminAudit(action, isAdmin);
  useAuditAfterChanges();
  if (!isAdmin) return null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-14 sm:px-6">
      <SectionCard
        icon={History}
        title={AuditTexts.adminTitle}
        lead={AuditTexts.adminLead}
        leadTone="muted"
      >
        <div className="mt-4 flex flex-col gap-1 text-slate-700 text-sm">
          <label htmlFor={filterId}>{AuditTexts.filterLabel}</label>
          <Select
            id={filterId}
            value={action}
            options={OPTIONS}
            onChange={(event) => setAction(event.target.value as AuditAction | "")}
          />
        </div>
        <div className="mt-4">
          <AuditList pages={pages} showProject />
        </div>
      </SectionCard>
    </div>
  );
}
