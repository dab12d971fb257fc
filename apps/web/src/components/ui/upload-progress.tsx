import type { UploadProgress as Progress } from "@/lib/upload";

/**
 * The upload's progress while files travel, then what the server is doing with them. Announced
 * as a progress bar with its percentage.
 */
export function UploadProgress({
  progress,
  label,
  doneLabel,
}: {
  progress: Progress | null;
  label: string;
  doneLabel: string;
}) {
  const percent = Math.round((progress?.fraction ?? 0) * 100);
  const done = percent >= 100;
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-slate-600 text-sm">
        <span>{done ? doneLabel : label}</span>
        <span className="font-medium tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-150"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
