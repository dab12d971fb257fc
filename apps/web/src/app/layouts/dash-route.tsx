import { BuildMachines } from "@/features/agents/components/build-machines";
import { DashPage } from "@/features/community/pages/dash-page";

/** /dash: the community's beta list and, for admins, the build machines (composed here). */
export function DashRoute() {
  return (
    <>
      <DashPage />
      <BuildMachines />
    </>
  );
}
