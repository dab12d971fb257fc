import type { Build } from "@hybridge/shared/builds/schemas";
import { formatBuildDate, platformCardState } from "@hybridge/shared/builds/status-badge";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { paths } from "@hybridge/shared/common/paths";
import { Apple, Clock, Download, Play, QrCode, Rocket, XCircle } from "lucide-react";
import { useEffect, useId, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { DevelopmentBuildNote } from "@/components/phone-address/phone-address-notes";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadFailed } from "@/components/ui/load-failed";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { settleAction } from "@/lib/settle-action";
import { buildsEndpoints } from "../api/endpoints";
import { useCancelBuild } from "../api/use-cancel-build";
import { useLatestBuild } from "../api/use-latest-build";
import { usePublishBuild } from "../api/use-publish-build";
import { useRequestBuild } from "../api/use-request-build";
import { BuildLogButton } from "./build-log-dialog";

const icons = { apple: Apple, android: Play } as const;

/**
 * The toast for a build request that failed (spec section 8); a refusal by the queue's limits
 * (409: BUILD_MAX_QUEUED_PER_USER, decision 035) says its own message.
 */
function requestErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return BuildsTexts.notLoggedIn;
  if (error instanceof ApiError && error.status === 404) return BuildsTexts.projectError;
  if (error instanceof ApiError && error.status === 409) return error.message;
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

  const [warning, setWarning] = useState(false);
  const builderConnected = latest.data?.builderConnected ?? true;
  const request = () =>
    requestBuild.mutate(
      { platform },
      {
        onSuccess: ({ alreadyQueued }) =>
          toast.success(
            alreadyQueued
              ? BuildsTexts.alreadyQueued(platform)
              : BuildsTexts.buildStarted(platform),
          ),
        onError: (error) => toast.error(requestErrorText(error)),
        onSettled: () => setWarning(false),
      },
    );

  const build = latest.data?.build ?? null;
  const state = platformCardState(build?.status);
  const requestLabel = BuildsTexts.requestBuild(platform);
  const requestButton = (variant: "primary" | "secondary") => (
    <Button
      variant={variant}
      loading={requestBuild.isPending}
      onClick={builderConnected ? request : () => setWarning(true)}
    >
      <Rocket aria-hidden="true" className="size-4" />
      {requestLabel}
    </Button>
  );

  return (
    <Card className="flex flex-col" role="region" aria-labelledby={titleId}>
      <div className="flex items-center gap-3 border-slate-100 border-b px-6 py-4">
        <span className="flex size-10 items-center justify-center rounded-xl bg-slate-900 text-white">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id={titleId} className="font-semibold text-slate-900">
            {BuildsTexts.cardTitle(platform)}
          </h2>
          <p className="text-slate-500 text-sm">{BuildsTexts.cardPublishNote(platform)}</p>
        </div>
      </div>

      <div className="flex min-h-44 flex-1 flex-col justify-center gap-4 px-6 py-5">
        {latest.isPending ? (
          <div
            role="status"
            aria-label={BuildsTexts.loadingPlatform(platform)}
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
        ) : build && state === "in-progress" ? (
          <InProgress build={build} projectId={projectId} platform={platform} />
        ) : build && state === "ready" ? (
          <>
            <VersionLine build={build} note={BuildsTexts.readyToPublish} />
            <div className="flex flex-wrap gap-2">
              <PublishButton build={build} />
              {platform === "android" && <DownloadApk build={build} />}
              <BuildLogButton build={build} />
            </div>
            <div>{requestButton("secondary")}</div>
          </>
        ) : build && state === "failed" ? (
          <>
            <p role="alert" className="text-red-700 text-sm">
              {BuildsTexts.failedBecause(build.failureReason ?? BuildsTexts.buildFailed)}
            </p>
            <div className="flex flex-wrap gap-2">
              {requestButton("primary")}
              <BuildLogButton build={build} />
            </div>
          </>
        ) : state === "published" && build ? (
          <>
            <VersionLine
              build={build}
              note={BuildsTexts.publishedOn(
                formatBuildDate(build.publishedAt ?? build.dateGenerate),
              )}
            />
            <div className="flex flex-wrap gap-2">
              {platform === "android" && build.artifact && (
                <>
                  <DownloadApk build={build} />
                  <Link
                    to={paths.install(build.appKey)}
                    className={buttonClasses("secondary", "sm")}
                  >
                    <QrCode aria-hidden="true" className="size-4" />
                    {BuildsTexts.installPage}
                  </Link>
                </>
              )}
              {requestButton("secondary")}
            </div>
          </>
        ) : (
          <>
            <p className="text-slate-600">{BuildsTexts.noRelease}</p>
            <div>{requestButton("primary")}</div>
          </>
        )}
        {platform === "android" && <DevelopmentBuildNote />}
      </div>
      <ConfirmDialog
        open={warning}
        onOpenChange={setWarning}
        icon={Clock}
        tone="brand"
        title={BuildsTexts.noBuilderTitle(platform)}
        description={BuildsTexts.noBuilderWarning(platform)}
        confirmLabel={BuildsTexts.queueAnyway}
        pending={requestBuild.isPending}
        onConfirm={request}
      />
    </Card>
  );
}

function VersionLine({ build, note }: { build: Build; note: string }) {
  return (
    <div>
      <p className="font-bold text-2xl text-slate-900 tracking-tight">
        {BuildsTexts.version(build.version)}
      </p>
      <p className="mt-1 text-slate-600 text-sm">{note}</p>
      {build.updateChannel && (
        <p className="text-slate-600 text-sm">{BuildsTexts.updateChannel(build.updateChannel)}</p>
      )}
    </div>
  );
}

/** A queued or running build: its place in the queue or its percent, live; cancel; the log. */
function InProgress({
  build,
  projectId,
  platform,
}: {
  build: Build;
  projectId: string;
  platform: BuildPlatform;
}) {
  const cancel = useCancelBuild(projectId);
  const [confirming, setConfirming] = useState(false);
  const position = build.queuePosition ?? 1;
  return (
    <>
      {build.status === "building" ? (
        <div className="space-y-2">
          <p role="status" className="flex items-center gap-2 font-medium text-slate-700">
            <Spinner className="size-4 text-brand-600" />
            {BuildsTexts.building(build.percent)}
          </p>
          <div
            role="progressbar"
            aria-label={BuildsTexts.buildInProgress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={build.percent}
            className="h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
              style={{ width: `${build.percent}%` }}
            />
          </div>
        </div>
      ) : build.waitingForAgent ? (
        // Nothing can build it yet: no spinner, which would promise progress.
        <p role="status" className="flex items-start gap-2 text-slate-700">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
          <span>{BuildsTexts.waitingForAgentWithPosition(platform, position)}</span>
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2 font-medium text-slate-700">
          <Spinner className="size-4 text-brand-600" />
          {BuildsTexts.queued(position)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="danger-outline" onClick={() => setConfirming(true)}>
          <XCircle aria-hidden="true" className="size-4" />
          {BuildsTexts.cancelBuild}
        </Button>
        <BuildLogButton build={build} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        icon={XCircle}
        title={BuildsTexts.cancelBuildTitle}
        description={BuildsTexts.cancelBuildConfirm}
        cancelLabel={BuildsTexts.back}
        confirmLabel={BuildsTexts.cancelBuild}
        pending={cancel.isPending}
        onConfirm={() =>
          void settleAction(
            cancel.mutateAsync(build.id),
            { done: BuildsTexts.cancelBuildDone, failed: BuildsTexts.cancelBuildFailed },
            () => setConfirming(false),
          )
        }
      />
    </>
  );
}

/** Publish, after the spec's confirmation: only a ready build has an app to publish. */
function PublishButton({ build }: { build: Build }) {
  const publish = usePublishBuild();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setConfirming(true)}>
        <Rocket aria-hidden="true" className="size-4" />
        {BuildsTexts.publish}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        icon={Rocket}
        tone="brand"
        title={BuildsTexts.publishTitle}
        description={BuildsTexts.publishConfirm(build.platform)}
        confirmLabel={BuildsTexts.publish}
        pending={publish.isPending}
        onConfirm={() =>
          void settleAction(
            publish.mutateAsync(build.id),
            { done: BuildsTexts.publishDone, failed: BuildsTexts.publishFailed },
            () => setConfirming(false),
          )
        }
      >
        {build.platform === "android" && <DevelopmentBuildNote className="mt-3" />}
      </ConfirmDialog>
    </>
  );
}

function DownloadApk({ build }: { build: Build }) {
  if (!build.artifact) return null;
  return (
    <a
      href={buildsEndpoints.apk(build.projectId, build.id)}
      download
      className={buttonClasses("secondary", "sm")}
    >
      <Download aria-hidden="true" className="size-4" />
      {BuildsTexts.downloadApk}
    </a>
  );
}
