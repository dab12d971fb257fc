import type { BuildListItem } from "@hybridge/shared/builds/schemas";
import { formatBuildDateTime } from "@hybridge/shared/builds/status-badge";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { paths } from "@hybridge/shared/common/paths";
import type { UseQueryResult } from "@tanstack/react-query";
import { PackageOpen } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { LoadFailed } from "@/components/ui/load-failed";
import { TruncatedText } from "@/components/ui/long-text";
import { LoadingState } from "@/components/ui/spinner";
import { textLinkClasses } from "@/components/ui/text-link";
import { buildsEndpoints } from "../api/endpoints";
import { StatusBadge } from "./status-badge";

/** One platform's builds in a 65vh scroll area, with Publish on the ready ones. */
export function BuildList({
  platform,
  query,
  onPublish,
}: {
  platform: BuildPlatform;
  query: UseQueryResult<{ builds: BuildListItem[] }>;
  onPublish: (build: BuildListItem) => void;
}) {
  useEffect(() => {
    if (query.error) console.error(`Loading the ${platform} builds failed:`, query.error);
  }, [query.error, platform]);

  if (query.isPending) {
    return <LoadingState label={BuildsTexts.loadingPlatform(platform)} />;
  }
  if (query.isError) {
    return (
      <LoadFailed
        className="py-6"
        message={BuildsTexts.buildDataFailed(platform)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        size="sm"
      />
    );
  }
  const builds = query.data.builds;
  if (builds.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-14 text-center">
        <PackageOpen aria-hidden="true" className="size-8 text-slate-400" />
        <p className="font-medium text-slate-800">{BuildsTexts.noBuilds(platform)}</p>
        <p className="max-w-sm text-slate-500 text-sm">{BuildsTexts.noBuildsHint}</p>
      </div>
    );
  }
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard must reach a scroll area to scroll it
      tabIndex={0}
      aria-label={BuildsTexts.platformBuilds(platform)}
      className="max-h-[65vh] overflow-y-auto rounded-b-2xl focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:-outline-offset-2"
    >
      <ul className="divide-y divide-slate-100">
        {builds.map((build) => (
          <li
            key={build.id}
            className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Link
                  to={paths.project(build.projectId)}
                  className={`${textLinkClasses} min-w-0 max-w-full text-slate-900`}
                >
                  <TruncatedText text={build.projectName} />
                </Link>
                <TruncatedText
                  as="code"
                  text={build.appKey}
                  className="max-w-full rounded bg-slate-100 px-1.5 py-0.5 text-slate-600 text-xs"
                />
              </p>
              <p className="text-slate-600 text-sm">
                {BuildsTexts.version(build.version)} ·{" "}
                <time dateTime={build.dateGenerate}>{formatBuildDateTime(build.dateGenerate)}</time>
                {build.status === "building" && ` · ${build.percent}%`}
                {build.updateChannel && ` · ${BuildsTexts.updateChannel(build.updateChannel)}`}
              </p>
              {build.status === "pending" && (
                <p className="text-slate-600 text-sm">
                  {build.waitingForAgent
                    ? BuildsTexts.waitingForAgentWithPosition(
                        build.platform,
                        build.queuePosition ?? 1,
                      )
                    : BuildsTexts.queued(build.queuePosition ?? 1)}
                </p>
              )}
              {build.status === "failed" && build.failureReason && (
                <p className="text-red-700 text-sm">
                  {BuildsTexts.failedBecause(build.failureReason)}
                </p>
              )}
            </div>
            {/* On a phone the badge and buttons wrap inside the card instead of running past it. */}
            <div className="flex flex-wrap items-center gap-3 sm:shrink-0 sm:flex-nowrap">
              <StatusBadge status={build.status} />
              {build.artifact && (build.status === "ready" || build.status === "published") && (
                <a
                  href={buildsEndpoints.apk(build.projectId, build.id)}
                  download
                  className={buttonClasses("secondary", "sm")}
                >
                  {BuildsTexts.downloadApk}
                  <span className="sr-only">
                    {" "}
                    {build.projectName} {BuildsTexts.version(build.version)}
                  </span>
                </a>
              )}
              {build.status === "ready" && (
                <Button size="sm" onClick={() => onPublish(build)}>
                  {BuildsTexts.publish}
                  <span className="sr-only">
                    {" "}
                    {build.projectName} {BuildsTexts.version(build.version)}
                  </span>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
