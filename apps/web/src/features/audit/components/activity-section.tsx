import { AuditTexts } from "@hybridge/shared/audit/texts";
import { History } from "lucide-react";
import { useId } from "react";
import { Card } from "@/components/ui/card";
import { useAuditAfterChanges, useProjectAudit } from "../api/use-audit";
import { AuditList } from "./audit-list";

/** The project page's Activity (decision 063): what was done to the project, newest first. */
export function ActivitySection({ projectId }: { projectId: string }) {
  const titleId = useId();
  const pages = useProjectAudit(projectId);
  useAuditAfterChanges();
  return (
    <Card role="region" aria-labelledby={titleId} className="p-6">
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-lg text-slate-900">
        <History aria-hidden="true" className="size-5 text-slate-500" />
        {AuditTexts.title}
      </h2>
      <p className="mt-1 text-slate-500 text-sm">{AuditTexts.lead}</p>
      <div className="mt-4">
        <AuditList pages={pages} />
      </div>
    </Card>
  );
}
