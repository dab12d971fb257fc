import { formatBuildDateTime } from "@hybridge/shared/builds/status-badge";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import {
  type DevLinkTarget,
  devAppIntentUrl,
  devLinkUrl,
  INSTALL_PARAM,
  UPDATE_PARAM,
} from "@hybridge/shared/dev-app/links";
import {
  BAD_DEV_URL,
  type DevLinkResponse,
  UNKNOWN_UPDATE,
} from "@hybridge/shared/dev-app/schemas";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { Laptop, Smartphone, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { useParams, useSearchParams } from "react-router";
import { DevAppDownload } from "@/components/dev-app/dev-app-download";
import { QrCode } from "@/components/qr/qr-code";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadingState } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDevLink } from "../api/use-dev-link";
import { type Device, deviceOf } from "../components/device";

/**
 * /dev/{appKey}?url=… — the page every phone QR code opens (public, no sign-in). The server
 * checks the link as the dev app will (GET /api/v1/dev-link); then, on an Android phone, the page
 * starts Hybridge Dev once through an `intent:` link (its package named, this page with ?install=1
 * as the fallback when it is not installed) — and keeps a button to do it again, for when Chrome
 * refuses the automatic one — and offers the install; on an iPhone the page says
 * honestly that the dev app is coming; on a computer it explains how to get the link to a phone.
 * A preview link (?update={id}, issue 27) names one of the app's updates instead of a dev server:
 * the page names the update (message, time, channel, where it stands for users).
 */
export function DevLinkPage() {
  const { appKey = "" } = useParams();
  const [search] = useSearchParams();
  const update = search.get(UPDATE_PARAM);
  const target: DevLinkTarget = update !== null ? { update } : (search.get("url") ?? "");
  const link = useDevLink(appKey, target);
  useDocumentTitle(DevLinkTexts.pageTitle);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
      {link.isPending ? (
        <LoadingState label={DevLinkTexts.loading} />
      ) : link.isError ? (
        <LinkRefused
          preview={update !== null}
          error={link.error}
          onRetry={() => void link.refetch()}
          retrying={link.isFetching}
        />
      ) : (
        <LinkAccepted link={link.data} install={search.get(INSTALL_PARAM) === "1"} />
      )}
    </div>
  );
}

function LinkRefused({
  preview,
  error,
  onRetry,
  retrying,
}: {
  preview: boolean;
  error: Error;
  onRetry: () => void;
  retrying: boolean;
}) {
  // A malformed update id (400) is an update not found, as far as the reader can tell.
  const noUpdate =
    isApiError(error, UNKNOWN_UPDATE) || (preview && isApiError(error, ErrorCodes.VALIDATION));
  if (isApiError(error, BAD_DEV_URL) || noUpdate || (isApiError(error) && error.status === 404)) {
    const title = isApiError(error, BAD_DEV_URL)
      ? DevLinkTexts.refusedTitle
      : noUpdate
        ? DevLinkTexts.updateNotFoundTitle
        : DevLinkTexts.unknownTitle;
    return (
      <EmptyState icon={TriangleAlert} tone="muted">
        <h1 className="font-bold text-2xl text-slate-900">{title}</h1>
        <p role="alert" className="max-w-prose text-slate-700">
          {error.message}
        </p>
      </EmptyState>
    );
  }
  return (
    <LoadFailed
      message={DevLinkTexts.loadFailed}
      onRetry={onRetry}
      retrying={retrying}
      retryLabel={DevLinkTexts.retry}
    />
  );
}

function LinkAccepted({ link, install }: { link: DevLinkResponse; install: boolean }) {
  const device: Device =
    typeof navigator === "undefined"
      ? "computer"
      : deviceOf(navigator.userAgent, navigator.maxTouchPoints);
  return (
    <Card className="p-6 sm:p-8">
      <p className="font-medium text-brand-700 text-sm">{DevLinkTexts.appName}</p>
      <h1 className="mt-1 font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
        {link.update
          ? DevLinkTexts.previewUpdateOf(link.appName)
          : DevLinkTexts.previewOf(link.appName)}
      </h1>
      <LinkDetails link={link} />
      {link.update && <p className="mt-4 text-slate-600 text-sm">{DevLinkTexts.previewNote}</p>}
      {device === "android" ? (
        <OnAndroid link={link} install={install} />
      ) : device === "ios" ? (
        <OnIphone />
      ) : (
        <OnComputer link={link} />
      )}
    </Card>
  );
}

/** What a link opens: a dev server's address, or an update. */
const linkTarget = (link: DevLinkResponse): DevLinkTarget =>
  link.update ? { update: link.update.id } : (link.devUrl ?? "");

function LinkDetails({ link }: { link: DevLinkResponse }) {
  const { update } = link;
  return (
    <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {update ? (
        <>
          <dt className="font-medium text-slate-500">{DevLinkTexts.updateLabel}</dt>
          <dd className="break-words text-slate-900">
            {update.message || DevLinkTexts.updateNoMessage}
          </dd>
          <dt className="font-medium text-slate-500">{DevLinkTexts.publishedLabel}</dt>
          <dd className="text-slate-900">
            <time dateTime={update.createdAt}>{formatBuildDateTime(update.createdAt)}</time>
          </dd>
          <dt className="font-medium text-slate-500">{DevLinkTexts.channelLabel}</dt>
          <dd className="font-mono text-slate-900">{update.channel}</dd>
          <dt className="font-medium text-slate-500">{DevLinkTexts.stateLabel}</dt>
          <dd className="text-slate-900">
            {update.state === "live"
              ? DevLinkTexts.updateStates.live(update.rolloutPercent)
              : DevLinkTexts.updateStates[update.state]}
          </dd>
        </>
      ) : (
        <>
          <dt className="font-medium text-slate-500">{DevLinkTexts.devServerLabel}</dt>
          <dd className="break-all font-mono text-slate-900">{link.devUrl}</dd>
        </>
      )}
      <dt className="font-medium text-slate-500">{DevLinkTexts.appKeyLabel}</dt>
      <dd className="break-all font-mono text-slate-900">{link.appKey}</dd>
    </dl>
  );
}

function OnAndroid({ link, install }: { link: DevLinkResponse; install: boolean }) {
  const here = new URL(window.location.href);
  here.searchParams.set(INSTALL_PARAM, "1");
  const intent = devAppIntentUrl({
    publicUrl: link.server,
    appKey: link.appKey,
    target: linkTarget(link),
    fallbackUrl: here.toString(),
  });
  useOpenAppOnce(intent, !install);
  const installPart = (
    <section aria-labelledby="install-title" className="mt-6 space-y-3">
      <h2 id="install-title" className="font-semibold text-lg text-slate-900">
        {DevLinkTexts.installTitle}
      </h2>
      <p className="text-slate-600">
        {install ? DevLinkTexts.installLead : DevLinkTexts.notOpened}
      </p>
      <DevAppDownload />
      <ol className="list-decimal space-y-1 pl-5 text-slate-600 text-sm">
        {DevLinkTexts.installSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
  return (
    <div className="mt-6">
      {install && installPart}
      <p className="mt-6 text-slate-600">
        {link.update ? DevLinkTexts.androidPreviewLead : DevLinkTexts.androidLead}
      </p>
      <a href={intent} className={buttonClasses("primary", "lg", "mt-4 w-full sm:w-auto")}>
        <Smartphone aria-hidden="true" className="size-5" />
        {DevLinkTexts.openInApp}
      </a>
      {!install && installPart}
    </div>
  );
}

/**
 * Hands the `intent:` link to Chrome once, when the page opens (decision 049): a page a phone's
 * camera opened is an external navigation, which Chrome lets start an app without a tap. Not on
 * the fallback page (?install=1: the app is not there), and once per link in a tab, so that
 * coming back from the app (or a reload) does not start it again. Where Chrome refuses, nothing
 * happens and the button is there.
 */
function useOpenAppOnce(intent: string, enabled: boolean) {
  const tried = useRef(false);
  useEffect(() => {
    if (!enabled || tried.current) return;
    tried.current = true;
    const key = `hybridge-dev-opened:${intent}`;
    try {
      if (window.sessionStorage.getItem(key) !== null) return;
      window.sessionStorage.setItem(key, "1");
    } catch {
      // Storage refused (a private mode): try once per page load.
    }
    window.location.assign(intent);
  }, [intent, enabled]);
}

function OnIphone() {
  return (
    <section aria-labelledby="ios-title" className="mt-6 space-y-2">
      <h2 id="ios-title" className="font-semibold text-lg text-slate-900">
        {DevLinkTexts.iosTitle}
      </h2>
      <p className="text-slate-600">{DevLinkTexts.iosLead}</p>
    </section>
  );
}

function OnComputer({ link }: { link: DevLinkResponse }) {
  const shown = useRef<HTMLElement>(null);
  const preview = link.update !== null;
  // This page at PUBLIC_URL (the server's answer), never the browser's address: a computer on
  // localhost shows a QR code that a phone can open (issue 28).
  const here = devLinkUrl(link.server, link.appKey, linkTarget(link));
  return (
    <section aria-labelledby="computer-title" className="mt-6 space-y-4">
      <h2
        id="computer-title"
        className="flex items-center gap-2 font-semibold text-lg text-slate-900"
      >
        <Laptop aria-hidden="true" className="size-5 text-brand-700" />
        {DevLinkTexts.desktopTitle}
      </h2>
      <p className="text-slate-600">
        {preview ? DevLinkTexts.desktopPreviewLead : DevLinkTexts.desktopLead}
      </p>
      <ol className="list-decimal space-y-1 pl-5 text-slate-600">
        {(preview ? DevLinkTexts.desktopPreviewSteps : DevLinkTexts.desktopSteps).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <div className="w-52 shrink-0 rounded-xl border border-slate-200 bg-white p-2">
          <QrCode value={here} label={DevLinkTexts.qrLabel} />
        </div>
        <div className="min-w-0 space-y-2">
          <code ref={shown} className="block break-all font-mono text-slate-800 text-xs">
            {here}
          </code>
          <CopyButton text={here} label={DevLinkTexts.linkLabel} shown={shown} />
        </div>
      </div>
      <div className="border-slate-200 border-t pt-4">
        <h3 className="font-semibold text-slate-900">{DevLinkTexts.downloadTitle}</h3>
        <DevAppDownload className="mt-3" />
      </div>
    </section>
  );
}
