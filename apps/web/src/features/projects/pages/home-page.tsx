import { paths } from "@hybridge/shared/common/paths";
import { ProjectsTexts, QuotaTexts } from "@hybridge/shared/projects/texts";
import { FolderPlus } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/spinner";
import { useAccountUsage } from "../api/use-account-usage";
import { useProjects } from "../api/use-projects";
import { ProjectCard } from "../components/project-card";

/**
 * /home (behind the login guard): the owner's projects, newest first, how many of this
 * server's limit they are, and a word when no new app can be created (decision 035).
 */
export function HomePage() {
  const projects = useProjects();
  const usage = useAccountUsage();

  // Spec section 8 logs a failed project list; the page also says so and offers a retry.
  useEffect(() => {
    if (projects.isError) console.error("Could not load the projects:", projects.error);
  }, [projects.isError, projects.error]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <PageHeader
        title={ProjectsTexts.homeTitle}
        description={ProjectsTexts.homeLead}
        actions={
          usage.projects && (
            <p className="text-slate-600 text-sm tabular-nums">
              {QuotaTexts.projectsUsed(usage.projects.count, usage.projects.limit)}
            </p>
          )
        }
      />
      {usage.reached && usage.projects && (
        <Alert
          tone="info"
          className="mt-6"
          title={QuotaTexts.tooManyProjects(usage.projects.limit)}
        />
      )}
      <div className="mt-8">
        {projects.isPending ? (
          <LoadingState label={ProjectsTexts.loadingProjects} />
        ) : projects.isError ? (
          <LoadFailed
            message={ProjectsTexts.listLoadFailed}
            onRetry={() => void projects.refetch()}
            retrying={projects.isFetching}
            retryLabel={ProjectsTexts.retry}
          />
        ) : projects.data.projects.length === 0 ? (
          <EmptyState icon={FolderPlus}>
            <p className="font-medium text-slate-800">{ProjectsTexts.empty}</p>
            <Button asChild className="mt-1">
              <Link to={paths.newProject}>{ProjectsTexts.createFirstApp}</Link>
            </Button>
          </EmptyState>
        ) : (
          <ul
            aria-label={ProjectsTexts.projectsListLabel}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {projects.data.projects.map((project) => (
              <li key={project.id} className="flex min-w-0">
                <div className="flex w-full flex-col [&>*]:flex-1">
                  <ProjectCard project={project} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
