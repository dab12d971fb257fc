import { DEV_APP_DOWNLOAD_PATH } from "@hybridge/shared/dev-app/links";
import type { DevAppStatus } from "@hybridge/shared/dev-app/schemas";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { Download } from "lucide-react";
import { useId } from "react";
import { cn } from "@/lib/cn";
import { devAppDetail, useDevAppStatus } from "@/lib/dev-app-status";
import { useStaticPage } from "@/lib/static-page";

type Tone = "dark" | "light";

const linkClasses: Record<Tone, string> = {
  dark: "bg-brand-600 text-white hover:bg-brand-500 focus-visible:outline-white",
  light: "bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-600",
};
const disabledClasses: Record<Tone, string> = {
  dark: "bg-white/5 text-slate-400 ring-1 ring-white/15 ring-inset",
  light: "bg-slate-100 text-slate-500 ring-1 ring-slate-200 ring-inset",
};
const hintClasses: Record<Tone, string> = {
  dark: "text-slate-400",
  light: "text-slate-600",
};
const control =
  "inline-flex min-h-12 max-w-full flex-wrap items-center gap-x-2 gap-y-1 rounded-lg px-4 py-2 font-semibold text-base sm:px-6";

/**
 * The dev app's Android download: a link to /downloads/hybridge-dev.apk when this server has it,
 * otherwise a disabled button saying why and what to do (never a link to nothing). In the console
 * it reads /api/dev-app; on a pre-rendered public page it writes the "looking" state and the link
 * in a `<template>`, and src/public/dev-app-download.ts puts in what /api/dev-app answers.
 */
export function DevAppDownload({ tone = "light", className }: { tone?: Tone; className?: string }) {
  const isStatic = useStaticPage();
  if (isStatic) return <StaticDevAppDownload tone={tone} className={className} />;
  return <LiveDevAppDownload tone={tone} className={className} />;
}

function LiveDevAppDownload({ tone, className }: { tone: Tone; className?: string | undefined }) {
  const status = useDevAppStatus();
  const state: DevAppStatus | null = status.data ?? null;
  if (state?.available) {
    return (
      <div className={cn("flex flex-col items-start gap-1.5", className)} data-dev-app-download="">
        <AvailableLink tone={tone} detail={devAppDetail(state)} />
      </div>
    );
  }
  const hint = status.isError
    ? DevLinkTexts.unavailableCheckFailed
    : (state?.reason ?? DevLinkTexts.checking);
  return (
    <Unavailable
      tone={tone}
      className={className}
      hint={hint}
      showBadge={state !== null || status.isError}
    />
  );
}

function StaticDevAppDownload({ tone, className }: { tone: Tone; className?: string | undefined }) {
  return (
    <Unavailable tone={tone} className={className} hint={DevLinkTexts.checking} showBadge={false}>
      <template data-dev-app-available="">
        <AvailableLink tone={tone} detail="" />
      </template>
    </Unavailable>
  );
}

function AvailableLink({ tone, detail }: { tone: Tone; detail: string }) {
  return (
    <>
      <a
        href={DEV_APP_DOWNLOAD_PATH}
        download="hybridge-dev.apk"
        className={cn(
          control,
          "focus-visible:outline-2 focus-visible:outline-offset-2",
          linkClasses[tone],
        )}
      >
        <Download aria-hidden="true" className="size-5" />
        {DevLinkTexts.downloadAndroid}
      </a>
      <span data-dev-app-detail="" className={cn("text-xs", hintClasses[tone])}>
        {detail}
      </span>
    </>
  );
}

function Unavailable({
  tone,
  className,
  hint,
  showBadge,
  children,
}: {
  tone: Tone;
  className?: string | undefined;
  hint: string;
  showBadge: boolean;
  children?: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn("flex flex-col items-start gap-1.5", className)} data-dev-app-download="">
      <button
        type="button"
        disabled
        aria-describedby={id}
        className={cn(control, "cursor-not-allowed", disabledClasses[tone])}
      >
        {DevLinkTexts.downloadAndroid}
        <span
          data-dev-app-badge=""
          hidden={!showBadge}
          className="whitespace-nowrap rounded-full bg-amber-400/15 px-2 py-0.5 font-semibold text-[0.6875rem] text-amber-600 uppercase tracking-wide"
        >
          {DevLinkTexts.unavailableBadge}
        </span>
      </button>
      <span
        id={id}
        data-dev-app-hint=""
        role="status"
        className={cn("max-w-md text-xs", hintClasses[tone])}
      >
        {hint}
      </span>
      {children}
    </div>
  );
}
