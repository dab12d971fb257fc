import { formatBuildDate, platformCardState } from "@hybridge/shared/builds/status-badge";
import { BuildsTexts, PLATFORM_LABELS, PLATFORM_STORES } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { Apple, Play, Rocket, Upload } from "lucide-react";
import { useEffect, useId } from "react";
import toast from "react-hot-toast";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { LoadFailed } from "../../../components/ui/load-failed";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useLatestBuild } from "../api/use-latest-build";
import { useRequestBuild } from "../api/use-request-build";

const icons = { apple: Apple, android: Play } as const;

/** The toast for a build request that failed (spec section 8). */
function requestErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return BuildsTexts.notLoggedIn;
  if (error instanceof ApiError && error.status === 404) return BuildsTexts.projectError;
  return BuildsTexts.buildFailed;
}

/**
 * One store's card on the project page: its platform's latest build, watched live, and the
 * button that requests a new build (spec section 4, "Platform card states").
 */
export function PlatformCard({
  projectId,
  platform,
}: {
  projectId: string;
  platform: BuildPlatform;
}) {
  const titleId = useId();
  const latest = useLatestBuild(projectId, platform);
  const requestBuild = useRequestBuild(projectId);
  const Icon = icons[platform];

  useEffect(() => {
    // The spec's message sends the user to the console for the details.
    if (latest.error) console.error(`Loading the ${platform} build failed:`, latest.error);
  }, [latest.error, platform]);

  const request = () =>
    requestBuild.mutate(
      { platform },
      {
        onSuccess: () => toast.success(BuildsTexts.buildStarted(platform)),
        onError: (error) => toast.error(requestErrorText(error)),
      },
    );

  const build = latest.data?.build ?? null;
  const state = platformCardState(build?.status);

  return (
    <Card className="flex flex-col" role="region" aria-labelledby={titleId}>
      <div className="flex items-center gap-3 border-slate-100 border-b px-6 py-4">
        <span className="flex size-10 items-center justify-center rounded-xl bg-slate-900 text-white">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id={titleId} className="font-semibold text-slate-900">
            {PLATFORM_STORES[platform]}
          </h2>
          <p className="text-slate-500 text-sm">{PLATFORM_LABELS[platform]}</p>
        </div>
      </div>

      <div className="flex min-h-44 flex-1 flex-col justify-center gap-4 px-6 py-5">
        {latest.isPending ? (
          <div
            role="status"
            aria-label={`${BuildsTexts.loading} ${PLATFORM_LABELS[platform]}`}
            className="flex justify-center text-brand-600"
          >
            <Spinner className="size-6" />
          </div>
        ) : latest.isError ? (
          <LoadFailed
            message={BuildsTexts.buildDataFailed(platform)}
            onRetry={() => void latest.refetch()}
            retrying={latest.isFetching}
            size="sm"
          />
        ) : state === "in-progress" ? (
          <div role="status" className="flex items-center gap-3 text-slate-700">
            <Spinner className="size-5 text-brand-600" />
            <span className="font-medium">{BuildsTexts.buildInProgress}</span>
          </div>
        ) : state === "published" && build ? (
          <>
            <div>
              <p className="font-bold text-2xl text-slate-900 tracking-tight">
                {BuildsTexts.version(build.version)}
              </p>
              <p className="mt-1 text-slate-600 text-sm">
                {BuildsTexts.publishedOn(formatBuildDate(build.publishedAt ?? build.dateGenerate))}
              </p>
            </div>
            <Button
              className="self-start"
              variant="secondary"
              loading={requestBuild.isPending}
              onClick={request}
            >
              <Upload aria-hidden="true" className="size-4" />
              {BuildsTexts.update}
            </Button>
          </>
        ) : (
          <>
            <p className="text-slate-600">{BuildsTexts.noRelease}</p>
            <Button className="self-start" loading={requestBuild.isPending} onClick={request}>
              <Rocket aria-hidden="true" className="size-4" />
              {BuildsTexts.publish}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
