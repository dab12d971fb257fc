import { BuildMachines } from "@/features/agents/components/build-machines";
import { AdminAuditLog } from "@/features/audit/components/admin-audit-log";
import { DashPage } from "@/features/community/pages/dash-page";

/** /dash: the community's beta list and, for admins, the build machines and the audit log (composed here). */
export function DashRoute() {
  return (
    <>
      <DashPage />
      <BuildMachines />
      <AdminAuditLog />
    </>
  );
}
