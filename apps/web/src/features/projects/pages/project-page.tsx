import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { paths } from "@hybridge/shared/common/paths";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, FlaskConical, FolderX, KeyRound, type LucideIcon, Pencil } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/use-session";
import { SessionError } from "@/features/auth/components/session-error";
import { SignInCard } from "@/features/auth/components/sign-in-card";
import { ApiError } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { projectsKeys } from "../api/query-keys";
import { useProjectSummary } from "../api/use-project-summary";
import { ProjectUsage } from "../components/project-usage";

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">{children}</div>
  );
}

/**
 * The builds feature's part of the page: the two stores' latest builds, live. `onRefused`: its
 * live stream was refused (401, 404), so the page checks the project again.
 */
export type ProjectBuildsPart = ComponentType<{ projectId: string; onRefused: () => void }>;

/** A section another feature adds under the cards. */
export type ProjectSection = ComponentType<{ projectId: string; projectName: string }>;

type Parts = { builds: ProjectBuildsPart; sections?: readonly ProjectSection[] };

/**
 * /project/{id}: the project's name and navigation, the `builds` part, then the `sections`
 * (web app, database, signing key, modules); last, what the project keeps against its quotas
 * (Usage). The app layer (app/layouts/project-route.tsx) gives it the other features' parts, so
 * that this feature imports none of them.
 */
export function ProjectPage({ builds, sections = [] }: Parts) {
  const { id = "" } = useParams();
  const session = useSession();
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} />;
  if (session.isPending) return <LoadingState />;
  if (!session.data.user) return <NotLoggedIn />;
  return <ProjectView projectId={id} builds={builds} sections={sections} />;
}

function ProjectView({
  projectId,
  builds: Builds,
  sections,
}: {
  projectId: string;
  builds: ProjectBuildsPart;
  sections: readonly ProjectSection[];
}) {
  const queryClient = useQueryClient();
  const summary = useProjectSummary(projectId);
  const checkProjectAgain = () =>
    void queryClient.invalidateQueries({ queryKey: projectsKeys.summary(projectId) });

  if (summary.isPending) return <LoadingState label={ProjectsTexts.loadingProject} />;
  if (summary.isError) {
    const status = summary.error instanceof ApiError ? summary.error.status : 0;
    if (status === 404) return <ProjectNotFound />;
    if (status === 401) return <NotLoggedIn />;
    return (
      <Shell>
        <PageHeader title={ProjectsTexts.projectTitle} />
        <LoadFailed
          className="mt-8"
          message={BuildsTexts.projectLoadFailed}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      </Shell>
    );
  }

  const { project } = summary.data;
  return (
    <Shell>
      <PageHeader
        title={project.name}
        description={
          <>
            {ProjectsTexts.appCodeLabel}{" "}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{project.keyApp}</code>
          </>
        }
        actions={
          <>
            <HeaderLink to={paths.home} icon={ArrowLeft} label={BuildsTexts.back} variant="ghost" />
            <HeaderLink
              to={paths.updateProject(project.id)}
              icon={Pencil}
              label={BuildsTexts.update}
            />
            <HeaderLink
              to={paths.test(project.keyApp)}
              icon={FlaskConical}
              label={BuildsTexts.test}
            />
            <HeaderLink
              to={paths.settings(project.id)}
              icon={KeyRound}
              label={BuildsTexts.settings}
              describedBy="settings-hint"
            />
          </>
        }
      />
      <p id="settings-hint" className="mt-4 max-w-2xl text-slate-500 text-sm">
        {BuildsTexts.settingsHint}
      </p>
      <Builds projectId={project.id} onRefused={checkProjectAgain} />
      {sections.map((Section, index) => (
        <div key={Section.displayName ?? Section.name ?? index} className="mt-6">
          <Section projectId={project.id} projectName={project.name} />
        </div>
      ))}
      <div className="mt-6">
        <ProjectUsage projectId={project.id} />
      </div>
    </Shell>
  );
}

/** One of the header's links, drawn as a button. */
function HeaderLink({
  to,
  icon: Icon,
  label,
  variant = "secondary",
  describedBy,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  variant?: "secondary" | "ghost";
  describedBy?: string;
}) {
  return (
    <Button asChild variant={variant}>
      <Link to={to} aria-describedby={describedBy}>
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </Link>
    </Button>
  );
}

function NotLoggedIn() {
  return (
    <Shell>
      <PageHeader title={ProjectsTexts.projectTitle} />
      <SignInCard text={BuildsTexts.notLoggedIn} announce />
    </Shell>
  );
}

function ProjectNotFound() {
  useDocumentTitle(BuildsTexts.projectNotFound);
  return (
    <Shell>
      <EmptyState icon={FolderX} tone="muted" dashed={false}>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight">
          {BuildsTexts.projectNotFound}
        </h1>
        <p className="max-w-md text-slate-500 text-sm">{BuildsTexts.projectNotFoundHint}</p>
        <Button asChild variant="secondary" className="mt-2">
          <Link to={paths.home}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {BuildsTexts.backToProjects}
          </Link>
        </Button>
      </EmptyState>
    </Shell>
  );
}
