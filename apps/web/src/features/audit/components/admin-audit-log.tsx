import { AUDIT_ACTIONS, type AuditAction } from "@hybridge/shared/audit/schemas";
import { AuditTexts } from "@hybridge/shared/audit/texts";
import { History } from "lucide-react";
import { useId, useState } from "react";
import { Card } from "@/components/ui/card";
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
  const titleId = useId();
  const [action, setAction] = useState<AuditAction | "">("");
  const pages = useAdminAudit(action, isAdmin);
  useAuditAfterChanges();
  if (!isAdmin) return null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-14 sm:px-6">
      <Card role="region" aria-labelledby={titleId} className="p-6">
        <h2 id={titleId} className="flex items-center gap-2 font-semibold text-lg text-slate-900">
          <History aria-hidden="true" className="size-5 text-slate-500" />
          {AuditTexts.adminTitle}
        </h2>
        <p className="mt-1 text-slate-500 text-sm">{AuditTexts.adminLead}</p>
        <div className="mt-4 flex flex-col gap-1 text-slate-700 text-sm">
          <label htmlFor={`${titleId}-action`}>{AuditTexts.filterLabel}</label>
          <Select
            id={`${titleId}-action`}
            value={action}
            options={OPTIONS}
            onChange={(event) => setAction(event.target.value as AuditAction | "")}
          />
        </div>
        <div className="mt-4">
          <AuditList pages={pages} showProject />
        </div>
      </Card>
    </div>
  );
}
