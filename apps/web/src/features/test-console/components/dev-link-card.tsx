import type { DevLink } from "@hybridge/shared/test-console/schemas";
import { isLoopbackAddress } from "@hybridge/shared/test-console/server-address";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { QrCode as QrIcon, TriangleAlert } from "lucide-react";
import { QrCode } from "@/components/qr/qr-code";
import { Card } from "@/components/ui/card";

/**
 * The dev-app link: the QR code of the payload the server built (the same the dev app fetches
 * from /api/v1/dev-config), the server and app code in text for those without a phone at
 * hand, and the payload itself.
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
          {TestConsoleTexts.qrTitle}
        </h2>
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start lg:flex-col xl:flex-row">
          <div className="mx-auto w-52 shrink-0 rounded-xl border border-slate-200 bg-white p-2 sm:mx-0">
            <QrCode value={qrText} label={TestConsoleTexts.qrLabel} />
          </div>
          <div className="min-w-0 space-y-3 text-sm">
            <p className="text-slate-600">{TestConsoleTexts.qrNoPhone}</p>
            <dl className="space-y-2">
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
        {isLoopbackAddress(payload.server) && (
          <div
            role="note"
            aria-labelledby="loopback-title"
            className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950 text-sm"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4.5 shrink-0 text-amber-600" />
            <div className="min-w-0 space-y-1">
              <p id="loopback-title" className="font-semibold">
                {TestConsoleTexts.loopbackServerTitle}
              </p>
              <p>{TestConsoleTexts.loopbackServerHint}</p>
            </div>
          </div>
        )}
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
