import { ErrorCodes } from "@hybridge/shared/common/errors";
import { paths } from "@hybridge/shared/common/paths";
import type { ModuleSummary } from "@hybridge/shared/store/schemas";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { Blocks, Store, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadFailed } from "@/components/ui/load-failed";
import { TruncatedText } from "@/components/ui/long-text";
import { LoadingState } from "@/components/ui/spinner";
import { errorTextFor } from "@/lib/api-client";
import { useProjectModules, useRemoveProjectModule } from "../api/use-project-modules";
import { ModulePrice } from "./module-price";
import { PlatformIcons } from "./platform-icons";

/**
 * The project page's Modules section: the modules the project integrates (thumbnail, title
 * linking to the module's page, platform, price), each with Remove; an empty state that leads
 * to the store. The store feature owns it; the app's router hands it to the project page.
 */
export function ProjectModules({
  projectId,
  projectName,
}: {
  projectId: string;
  projectName: string;
}) {
  const titleId = useId();
  const modules = useProjectModules(projectId);

  return (
    <Card className="p-6">
      <section aria-labelledby={titleId} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id={titleId} className="flex items-center gap-2 font-semibold text-slate-900">
              <Blocks aria-hidden="true" className="size-5 text-brand-700" />
              {StoreTexts.projectModulesTitle}
            </h2>
            <p className="mt-0.5 text-slate-500 text-sm">{StoreTexts.projectModulesDescription}</p>
          </div>
          {modules.isSuccess && modules.data.modules.length > 0 && <BrowseStore variant="ghost" />}
        </div>

        {modules.isPending ? (
          <LoadingState label={StoreTexts.projectModulesLoading} className="min-h-20" />
        ) : modules.isError ? (
          <LoadFailed
            message={StoreTexts.projectModulesLoadFailed}
            onRetry={() => void modules.refetch()}
            retrying={modules.isFetching}
            retryLabel={StoreTexts.projectModulesRetry}
            size="sm"
          />
        ) : modules.data.modules.length === 0 ? (
          <div className="flex flex-col items-start gap-3 rounded-xl border border-slate-300 border-dashed px-5 py-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-600 text-sm">{StoreTexts.projectModulesEmpty}</p>
            <BrowseStore variant="secondary" />
          </div>
        ) : (
          <ul aria-labelledby={titleId} className="divide-y divide-slate-100">
            {modules.data.modules.map((module) => (
              <ProjectModuleRow
                key={module.id}
                projectId={projectId}
                projectName={projectName}
                module={module}
              />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

function BrowseStore({ variant }: { variant: "ghost" | "secondary" }) {
  return (
    <Button asChild variant={variant} size="sm">
      <Link to={paths.store}>
        <Store aria-hidden="true" className="size-4" />
        {StoreTexts.projectModulesBrowse}
      </Link>
    </Button>
  );
}

function ProjectModuleRow({
  projectId,
  projectName,
  module,
}: {
  projectId: string;
  projectName: string;
  module: ModuleSummary;
}) {
  const remove = useRemoveProjectModule(projectId);
  const [open, setOpen] = useState(false);

  // Awaited rather than per-call callbacks: the row leaves the list (and unmounts) as soon as
  // the removal succeeds, and a call's own callbacks do not run after an unmount.
  const confirm = async () => {
    try {
      await remove.mutateAsync(module.id);
      toast.success(StoreTexts.removed(module.title));
    } catch (error) {
      setOpen(false);
      toast.error(errorTextFor(error, { [ErrorCodes.NOT_FOUND]: true }, StoreTexts.removeFailed));
    }
  };

  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0 sm:gap-4">
      <img
        src={module.thumbnailUrl}
        alt=""
        loading="lazy"
        className="aspect-video w-20 shrink-0 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200 sm:w-24"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <Link
          to={paths.storeModule(module.id)}
          className="block min-w-0 rounded font-medium text-slate-900 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2"
        >
          <TruncatedText text={module.title} />
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <PlatformIcons platform={module.platform} />
          <ModulePrice price={module.price} />
        </div>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button
            variant="ghost"
            size="sm"
            aria-label={StoreTexts.removeModuleLabel(module.title)}
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{StoreTexts.removeModule}</span>
          </Button>
        }
        icon={Trash2}
        title={StoreTexts.removeTitle}
        description={StoreTexts.removeWarning(module.title, projectName)}
        confirmLabel={StoreTexts.removeConfirm}
        pending={remove.isPending}
        onConfirm={() => void confirm()}
      />
    </li>
  );
}
