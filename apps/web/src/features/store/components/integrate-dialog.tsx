import { ErrorCodes } from "@hybridge/shared/common/errors";
import { paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import type { IntegrationTarget, Module } from "@hybridge/shared/store/schemas";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { CircleCheck, Plus, Puzzle } from "lucide-react";
import { useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { TruncatedText } from "@/components/ui/long-text";
import { LoadingState } from "@/components/ui/spinner";
import { errorTextFor } from "@/lib/api-client";
import { useIntegrateModule } from "../api/use-integrate-module";
import { useIntegrationTargets } from "../api/use-integration-targets";

/** A project or module that is gone says so, in the server's words; else the store's text. */
const INTEGRATE_ERRORS = { [ErrorCodes.NOT_FOUND]: true } as const;

function ProjectRow({
  project,
  pending,
  onIntegrate,
}: {
  project: IntegrationTarget;
  pending: boolean;
  onIntegrate: () => void;
}) {
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <TruncatedText text={project.name} className="font-medium text-slate-900" />
        <TruncatedText as="code" text={project.keyApp} className="text-slate-500 text-xs" />
      </div>
      {project.integrated ? (
        <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 font-semibold text-brand-800 text-sm">
          <CircleCheck aria-hidden="true" className="size-4" />
          {StoreTexts.integrated}
          <span className="sr-only"> {StoreTexts.inProject(project.name)}</span>
        </span>
      ) : (
        <Button size="sm" variant="secondary" loading={pending} onClick={onIntegrate}>
          <Plus aria-hidden="true" className="size-4" />
          {StoreTexts.integrateAction}
          <span className="sr-only"> {StoreTexts.intoProject(project.name)}</span>
        </Button>
      )}
    </li>
  );
}

/**
 * 'Integrate this Module': a dialog listing the user's projects (those that already use the
 * module marked); choosing one adds the module to it.
 */
export function IntegrateDialog({ module }: { module: Module }) {
  const [open, setOpen] = useState(false);
  const targets = useIntegrationTargets(module.id, { enabled: open });
  const integrate = useIntegrateModule(module.id);
  const pendingProject = integrate.isPending ? integrate.variables : null;

  const choose = (project: IntegrationTarget) =>
    integrate.mutate(project.id, {
      onSuccess: () => toast.success(StoreTexts.integrateSuccess(module.title, project.name)),
      onError: (error) =>
        toast.error(errorTextFor(error, INTEGRATE_ERRORS, StoreTexts.integrateFailed)),
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="lg">
          <Puzzle aria-hidden="true" className="size-5" />
          {StoreTexts.integrate}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogTitle>{StoreTexts.integrateTitle}</DialogTitle>
        <DialogDescription>{StoreTexts.integrateDescription(module.title)}</DialogDescription>
        <div className="mt-4">
          {targets.isPending ? (
            <LoadingState label={StoreTexts.integrateLoading} className="min-h-24" />
          ) : targets.isError ? (
            <Alert>{StoreTexts.loadFailed}</Alert>
          ) : targets.data.projects.length === 0 ? (
            <div className="space-y-3 rounded-xl bg-slate-50 px-4 py-6 text-center">
              <p className="text-slate-600 text-sm">{StoreTexts.integrateNoProjects}</p>
              <Button asChild size="sm">
                <Link to={paths.newProject}>{StoreTexts.integrateCreateProject}</Link>
              </Button>
            </div>
          ) : (
            <ul
              aria-label={StoreTexts.integrateProjectsLabel}
              className="max-h-80 divide-y divide-slate-100 overflow-y-auto"
            >
              {targets.data.projects.map((project) => (
                <ProjectRow
                  key={project.id}
                  project={project}
                  pending={pendingProject === project.id}
                  onIntegrate={() => choose(project)}
                />
              ))}
            </ul>
          )}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{UiTexts.close}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
