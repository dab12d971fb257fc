import { InstallPageResponseSchema } from "@hybridge/shared/builds/schemas";
import { formatBuildDate } from "@hybridge/shared/builds/status-badge";
import { BuildsTexts, PLATFORM_LABELS } from "@hybridge/shared/builds/texts";
import { paths } from "@hybridge/shared/common/paths";
import { formatStorageSize } from "@hybridge/shared/projects/quotas";
import { useQuery } from "@tanstack/react-query";
import { Download, Smartphone } from "lucide-react";
import { useParams } from "react-router";
import { DevelopmentBuildNote } from "@/components/phone-address/phone-address-notes";
import { QrCode } from "@/components/qr/qr-code";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadingState } from "@/components/ui/spinner";
import { ApiError, apiClient } from "@/lib/api-client";
import { serverAddress } from "@/lib/server-address";
import { useDocumentTitle } from "@/lib/use-document-title";

const installApi = (appKey: string) => `/api/install/${encodeURIComponent(appKey)}`;

/**
 * /install/{appKey}: the public page of a published app. Its APK to download on the phone, and
 * a QR code of this page, at PUBLIC_URL, to open it there from a computer.
 */
export function InstallPage() {
  const { appKey = "" } = useParams();
  const page = useQuery({
    queryKey: ["install", appKey],
    queryFn: () => apiClient.get(installApi(appKey), InstallPageResponseSchema),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const app = page.data?.app;
  useDocumentTitle(app ? BuildsTexts.installAppTitle(app.name) : BuildsTexts.installTitle);
  // PUBLIC_URL's address, never the browser's (issue 28): a computer on localhost shows a QR code
  // that a phone can open.
  const installUrl = `${serverAddress().replace(/\/+$/, "")}${paths.install(appKey)}`;

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:py-16">
      {page.isPending ? (
        <LoadingState label={BuildsTexts.loadingApp} />
      ) : page.isError ? (
        page.error instanceof ApiError && page.error.status === 404 ? (
          <EmptyState icon={Smartphone} tone="muted">
            <h1 className="font-bold text-2xl text-slate-900">{BuildsTexts.appNotFound}</h1>
          </EmptyState>
        ) : (
          <LoadFailed message={BuildsTexts.appNotFound} onRetry={() => void page.refetch()} />
        )
      ) : app ? (
        <Card className="p-6 text-center sm:p-8">
          {app.iconUrl ? (
            <img
              src={app.iconUrl}
              alt=""
              width={96}
              height={96}
              className="mx-auto size-24 rounded-3xl"
            />
          ) : (
            <span className="mx-auto flex size-24 items-center justify-center rounded-3xl bg-slate-900 text-white">
              <Smartphone aria-hidden="true" className="size-10" />
            </span>
          )}
          <h1 className="mt-5 font-bold text-3xl text-slate-900 tracking-tight">{app.name}</h1>
          {app.android ? (
            <>
              <p className="mt-2 text-slate-600">
                {PLATFORM_LABELS.android} · {BuildsTexts.version(app.android.version)} ·{" "}
                {BuildsTexts.publishedOn(formatBuildDate(app.android.publishedAt))}
              </p>
              <a
                href={`${installApi(app.appKey)}/apk`}
                download
                className={buttonClasses("primary", "lg", "mt-6")}
              >
                <Download aria-hidden="true" className="size-5" />
                {BuildsTexts.downloadApk}
              </a>
              <p className="mt-3 text-slate-500 text-sm">
                {BuildsTexts.apkSize(formatStorageSize(app.android.size))}
              </p>
              <div className="mt-8 flex flex-col items-center gap-2">
                <QrCode
                  value={installUrl}
                  label={BuildsTexts.installQrLabel(app.name)}
                  className="size-40"
                />
                <p className="text-slate-500 text-sm">{BuildsTexts.installQrHint}</p>
              </div>
              <DevelopmentBuildNote className="mt-6" />
            </>
          ) : (
            <p className="mt-3 text-slate-600">{BuildsTexts.nothingPublished}</p>
          )}
        </Card>
      ) : null}
    </div>
  );
}
