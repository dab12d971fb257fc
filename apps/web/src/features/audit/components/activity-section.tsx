import { AuditTexts } from "@hybridge/shared/audit/texts";
import { History } from "lucide-react";
import { SectionCard } from "@/components/ui/section-card";
import { useAuditAfterChanges, useProjectAudit } from "../api/use-audit";
import { AuditList } from "./audit-list";

/** The project page's Activity (decision 063): what was done to the project, newest first. */
export function ActivitySection({ projectId }: { projectId: string }) {
  const pages = useProjectAudit(projectId);
  useAuditAfterChanges();
  return (
    <SectionCard icon={History} title={AuditTexts.title} lead={AuditTexts.lead} leadTone="muted">
      <div className="mt-4">
        <AuditList pages={pages} />
      </div>
    </SectionCard>
  );
}
