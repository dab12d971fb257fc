import { PLATFORM_LABELS } from "@hybridge/shared/builds/texts";
import { paths } from "@hybridge/shared/common/paths";
import { formatRelativeTime } from "@hybridge/shared/common/relative-time";
import type { ProjectListItem } from "@hybridge/shared/projects/schemas";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { Apple, Filter, Smartphone } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TruncatedText } from "@/components/ui/long-text";

/** One project on My Projects: its name, age, and its app code or install counts. */
export function ProjectCard({ project }: { project: ProjectListItem }) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-start gap-3">
        <img
          src={project.icLaunchFileUrl}
          alt=""
          className="size-12 shrink-0 rounded-xl object-cover ring-1 ring-slate-200"
        />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900">
            <TruncatedText text={project.name} />
          </h2>
          <p className="text-slate-500 text-sm">
            <time dateTime={project.createdAt} title={new Date(project.createdAt).toLocaleString()}>
              {ProjectsTexts.since(formatRelativeTime(project.createdAt))}
            </time>
          </p>
        </div>
      </div>

      {project.status ? (
        <dl className="flex gap-4 text-sm">
          <div className="flex items-center gap-1.5 text-slate-600">
            <Apple aria-hidden="true" className="size-4" />
            <dt>{PLATFORM_LABELS.apple}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{project.installs.apple}</dd>
          </div>
          <div className="flex items-center gap-1.5 text-slate-600">
            <Smartphone aria-hidden="true" className="size-4" />
            <dt>{PLATFORM_LABELS.android}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">
              {project.installs.android}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="flex min-w-0 items-center gap-1.5 text-slate-600 text-sm">
          <Filter
            aria-hidden="true"
            data-icon="filter"
            className="size-4 shrink-0 text-brand-700"
          />
          <span className="sr-only">{ProjectsTexts.appCodePrefix}</span>
          <TruncatedText
            as="code"
            text={project.keyApp}
            className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800 text-xs"
          />
        </p>
      )}

      <Button asChild variant="secondary" size="sm" className="mt-auto self-start">
        <Link to={paths.project(project.id)}>
          {ProjectsTexts.open}
          <span className="sr-only"> {project.name}</span>
        </Link>
      </Button>
    </Card>
  );
}
