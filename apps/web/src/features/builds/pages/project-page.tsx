import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { paths } from "@hybridge/shared/common/paths";
import { ArrowLeft, FlaskConical, FolderX, KeyRound, Pencil } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadFailed } from "../../../components/ui/load-failed";
import { PageHeader } from "../../../components/ui/page-header";
import { LoadingState } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useSession } from "../../auth/api/use-session";
import { SessionError } from "../../auth/components/session-error";
import { SignInCard } from "../../auth/components/sign-in-card";
import { useProjectBuildsLive } from "../api/use-project-builds-live";
import { useProjectSummary } from "../api/use-project-summary";
import { PlatformCard } from "../components/platform-card";
import { ProjectUsage } from "../components/project-usage";

/** The App Store card first, as the spec lists them. */
const CARD_ORDER: BuildPlatform[] = ["apple", "android"];

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">{children}</div>
  );
}

/** A section another feature adds under the cards (the app's router composes them). */
export type ProjectSection = ComponentType<{ projectId: string; projectName: string }>;

/**
 * /project/{id}: the project's name, navigation and its two stores' latest builds, live; then
 * the `sections` the router gives it (the store's Modules), so that this feature does not
 * import the store; last, what the project keeps against its quotas (Usage).
 */
export function ProjectPage({ sections = [] }: { sections?: readonly ProjectSection[] }) {
  const { id = "" } = useParams();
  const session = useSession();
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} />;
  if (session.isPending) return <LoadingState />;
  if (!session.data.user) return <NotLoggedIn />;
  return <ProjectView projectId={id} sections={sections} />;
}

function ProjectView({
  projectId,
  sections,
}: {
  projectId: string;
  sections: readonly ProjectSection[];
}) {
  const summary = useProjectSummary(projectId);
  useProjectBuildsLive(projectId, summary.isSuccess);

  if (summary.isPending) return <LoadingState label="Loading project" />;
  if (summary.isError) {
    const status = summary.error instanceof ApiError ? summary.error.status : 0;
    if (status === 404) return <ProjectNotFound />;
    if (status === 401) return <NotLoggedIn />;
    return (
      <Shell>
        <PageHeader title="Project" />
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
            App code{" "}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{project.keyApp}</code>
          </>
        }
        actions={
          <>
            <Button asChild variant="ghost">
              <Link to={paths.home}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                {BuildsTexts.back}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.updateProject(project.id)}>
                <Pencil aria-hidden="true" className="size-4" />
                {BuildsTexts.update}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.test(project.keyApp)}>
                <FlaskConical aria-hidden="true" className="size-4" />
                {BuildsTexts.test}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.settings(project.id)} aria-describedby="settings-hint">
                <KeyRound aria-hidden="true" className="size-4" />
                {BuildsTexts.settings}
              </Link>
            </Button>
          </>
        }
      />
      <p id="settings-hint" className="mt-4 max-w-2xl text-slate-500 text-sm">
        {BuildsTexts.settingsHint}
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {CARD_ORDER.map((platform) => (
          <PlatformCard key={platform} projectId={project.id} platform={platform} />
        ))}
      </div>
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

function NotLoggedIn() {
  return (
    <Shell>
      <PageHeader title="Project" />
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
