import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import type { DevLink } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { QrCode as QrIcon } from "lucide-react";
import { DevAppDownload } from "@/components/dev-app/dev-app-download";
import { PhoneAddressWarnings, WarningNote } from "@/components/phone-address/phone-address-notes";
import { QrCode } from "@/components/qr/qr-code";
import { Card } from "@/components/ui/card";
import { CopyableLink } from "@/components/ui/copyable-link";

/**
 * The dev-app link: the QR code of the https link a phone's camera opens
 * (`{PUBLIC_URL}/dev/{appKey}?url=…`, the same `hybridge dev` prints), the link in text, the
 * server and app code for those without a phone at hand, the details the dev app reads, and the
 * dev app's download.
 */
export function DevLinkCard({ devLink }: { devLink: DevLink }) {
  const { payload, qrText } = devLink;
  return (
    <Card className="p-5">
      <section aria-labelledby="dev-link-title" className="space-y-4">
        <h2
          id="dev-link-title"
          className="flex items-center gap-2 font-semibold text-lg text-slate-900"
        >
          <QrIcon aria-hidden="true" className="size-5 text-brand-700" />
          {DevLinkTexts.cardTitle}
        </h2>
        <p className="text-slate-600 text-sm">{DevLinkTexts.cardLead}</p>
        {qrText === null ? (
          <div
            role="note"
            aria-labelledby="no-qr-title"
            className="space-y-1 rounded-lg border border-slate-300 border-dashed bg-slate-50 px-4 py-3 text-sm"
          >
            <p id="no-qr-title" className="font-semibold text-slate-900">
              {TestConsoleTexts.noQrTitle}
            </p>
            <p className="text-slate-700">{TestConsoleTexts.noQrHint}</p>
          </div>
        ) : (
          <div className="flex flex-col gap-5 sm:flex-row sm:items-start lg:flex-col xl:flex-row">
            <div className="mx-auto w-52 shrink-0 rounded-xl border border-slate-200 bg-white p-2 sm:mx-0">
              <QrCode value={qrText} label={TestConsoleTexts.qrLabel} />
            </div>
            <div className="min-w-0 space-y-3 text-sm">
              <dl className="space-y-2">
                <div>
                  <dt className="font-medium text-slate-500">{DevLinkTexts.linkLabel}</dt>
                  <dd className="mt-1 space-y-2">
                    <CopyableLink link={qrText} label={DevLinkTexts.linkLabel} data-dev-link="" />
                  </dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-500">{TestConsoleTexts.serverLabel}</dt>
                  <dd className="break-all font-mono text-slate-900">{payload.server}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-500">{TestConsoleTexts.appCodeLabel}</dt>
                  <dd className="break-all font-mono text-slate-900">{payload.appKey}</dd>
                </div>
              </dl>
            </div>
          </div>
        )}
        {qrText !== null && !devLink.devUrlAccepted && (
          <WarningNote title={DevLinkTexts.refusedTitle}>{DevLinkTexts.badDevUrl}</WarningNote>
        )}
        <PhoneAddressWarnings publicUrl={payload.server} />
        <div className="space-y-2 border-slate-200 border-t pt-4">
          <h3 className="font-semibold text-slate-900">{DevLinkTexts.getDevApp}</h3>
          <DevAppDownload />
        </div>
        <details className="group rounded-lg border border-slate-200 bg-slate-50 text-sm">
          <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2">
            {TestConsoleTexts.qrContents}
          </summary>
          <pre className="overflow-x-auto whitespace-pre-wrap break-all border-slate-200 border-t px-3 py-2 font-mono text-slate-800 text-xs">
            {JSON.stringify(payload, null, 2)}
          </pre>
        </details>
      </section>
    </Card>
  );
}
