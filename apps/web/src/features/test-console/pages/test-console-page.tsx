import { paths } from "@hybridge/shared/common/paths";
import type { TestConsoleResponse } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { BookOpen, FolderX, House, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { wrapAnywhere } from "@/components/ui/long-text";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { useTestConsole } from "../api/use-test-console";
import { DevLinkCard } from "../components/dev-link-card";
import { LocalhostUrlForm } from "../components/localhost-url-form";
import { NavbarTypeForm } from "../components/navbar-type-form";
import { ProjectsMenu } from "../components/projects-menu";
import { SameNetworkHelp } from "../components/same-network-help";
import { StatusBarForm } from "../components/status-bar-form";

/** /test/{appkey} (behind the login guard): the owner's test console for the dev app. */
export function TestConsolePage() {
  const { appkey = "" } = useParams();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <PageHeader
        title={TestConsoleTexts.title}
        description={TestConsoleTexts.lead}
        actions={<ConsoleLinks />}
      />
      <ConsoleBody appKey={appkey} />
    </div>
  );
}

function ConsoleLinks() {
  const links: Array<{ to: string; label: string; icon: ReactNode }> = [
    {
      to: paths.home,
      label: TestConsoleTexts.home,
      icon: <House aria-hidden="true" className="size-4" />,
    },
    {
      to: paths.feedback,
      label: TestConsoleTexts.feedback,
      icon: <MessageSquare aria-hidden="true" className="size-4" />,
    },
    {
      to: paths.docs,
      label: TestConsoleTexts.docs,
      icon: <BookOpen aria-hidden="true" className="size-4" />,
    },
  ];
  return (
    <nav aria-label={TestConsoleTexts.linksLabel} className="flex flex-wrap gap-2">
      {links.map((link) => (
        <Button key={link.to} asChild variant="ghost" size="sm">
          <Link to={link.to}>
            {link.icon}
            {link.label}
          </Link>
        </Button>
      ))}
    </nav>
  );
}

function ConsoleBody({ appKey }: { appKey: string }) {
  const query = useTestConsole(appKey);
  if (query.isPending) return <LoadingState label={TestConsoleTexts.loading} className="mt-8" />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <ProjectNotFound />;
    return (
      <LoadFailed
        className="mt-8"
        message={TestConsoleTexts.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        retryLabel={TestConsoleTexts.retry}
      />
    );
  }
  return <Console data={query.data} switching={query.isPlaceholderData} />;
}

function ProjectNotFound() {
  return (
    <EmptyState icon={FolderX} tone="muted" dashed={false} className="mt-8">
      <p role="alert" className="font-medium text-slate-800">
        {TestConsoleTexts.projectNotFound}
      </p>
      <Button asChild variant="secondary">
        <Link to={paths.home}>{TestConsoleTexts.backHome}</Link>
      </Button>
    </EmptyState>
  );
}

/** `switching`: another project's console is loading; this one stays, read-only, meanwhile. */
function Console({ data, switching }: { data: TestConsoleResponse; switching: boolean }) {
  const { project, projects, config, devLink } = data;
  return (
    <div className="mt-8 space-y-6" aria-busy={switching || undefined}>
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <dl className="min-w-0">
          <dt className="font-medium text-slate-500 text-sm">{TestConsoleTexts.projectKey}</dt>
          <dd className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <code
              className={`${wrapAnywhere} rounded-md bg-brand-50 px-2 py-1 font-mono font-semibold text-brand-900 text-lg`}
            >
              {project.keyApp}
            </code>
            <span className={`text-slate-600 ${wrapAnywhere}`}>{project.name}</span>
          </dd>
        </dl>
        <ProjectsMenu active={project.keyApp} appCodes={projects} />
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {/* Keyed by project: a new console starts with clean forms. */}
        <fieldset key={project.keyApp} disabled={switching} className="min-w-0 space-y-4">
          <legend className="sr-only">{TestConsoleTexts.settingsLegend}</legend>
          <NavbarTypeForm appKey={project.keyApp} saved={config.navBarType} />
          <LocalhostUrlForm appKey={project.keyApp} saved={config.network} />
          <StatusBarForm appKey={project.keyApp} saved={config.statusBar} />
        </fieldset>
        <div className="min-w-0 space-y-4">
          <DevLinkCard devLink={devLink} />
          <SameNetworkHelp />
        </div>
      </div>
    </div>
  );
}
