import { formatStorageSize } from "@hybridge/shared/projects/quotas";
import { QuotaTexts } from "@hybridge/shared/projects/texts";
import { useId } from "react";
import { Card } from "@/components/ui/card";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadingState } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useProjectUsage } from "../api/use-project-usage";

/**
 * The project page's "Usage" card (decision 035): the web bundles kept and the storage used,
 * each a progress bar against this server's limit, with its numbers in words.
 */
export function ProjectUsage({ projectId }: { projectId: string }) {
  const titleId = useId();
  const usage = useProjectUsage(projectId);
  return (
    <Card role="region" aria-labelledby={titleId} className="p-6">
      <h2 id={titleId} className="font-semibold text-lg text-slate-900">
        {QuotaTexts.usageTitle}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">{QuotaTexts.usageLead}</p>
      <div className="mt-4">
        {usage.isPending ? (
          <LoadingState label={QuotaTexts.usageTitle} />
        ) : usage.isError ? (
          <LoadFailed
            size="sm"
            message={QuotaTexts.usageLoadFailed}
            onRetry={() => void usage.refetch()}
            retrying={usage.isFetching}
          />
        ) : (
          <div className="grid gap-5 sm:grid-cols-2">
            <UsageBar
              label={QuotaTexts.bundlesLabel}
              value={usage.data.usage.bundles.kept}
              max={usage.data.usage.bundles.limit}
              valueText={`${usage.data.usage.bundles.kept} of ${usage.data.usage.bundles.limit}`}
              note={QuotaTexts.bundlesKept(
                usage.data.usage.bundles.kept,
                usage.data.usage.bundles.limit,
              )}
            />
            <UsageBar
              label={QuotaTexts.storageLabel}
              warnWhenFull
              value={usage.data.usage.storage.usedBytes}
              max={usage.data.usage.storage.limitBytes}
              valueText={`${formatStorageSize(usage.data.usage.storage.usedBytes)} of ${formatStorageSize(usage.data.usage.storage.limitBytes)}`}
              note={QuotaTexts.storageUsed(
                formatStorageSize(usage.data.usage.storage.usedBytes),
                formatStorageSize(usage.data.usage.storage.limitBytes),
              )}
            />
          </div>
        )}
      </div>
    </Card>
  );
}

/**
 * One quota: its name, a bar (role progressbar, its value in words), and what it means. A full
 * bar is amber when being full refuses something (storage), not when it only prunes (bundles).
 */
function UsageBar({
  label,
  value,
  max,
  valueText,
  note,
  warnWhenFull = false,
}: {
  label: string;
  value: number;
  max: number;
  valueText: string;
  note: string;
  warnWhenFull?: boolean;
}) {
  const noteId = useId();
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  const full = warnWhenFull && value >= max;
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-600 tabular-nums">{valueText}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-describedby={noteId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(value, max)}
        aria-valuetext={valueText}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn("h-full rounded-full", full ? "bg-amber-500" : "bg-brand-600")}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p id={noteId} className="text-slate-500 text-xs">
        {note}
      </p>
    </div>
  );
}
