import { type BuildBadgeTone, buildStatusBadge } from "@hybridge/shared/builds/status-badge";
import { cn } from "@/lib/cn";

const toneClasses: Record<BuildBadgeTone, string> = {
  published: "bg-brand-50 text-brand-800 ring-brand-200",
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  building: "bg-sky-50 text-sky-800 ring-sky-200",
  ready: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  cancelled: "bg-slate-100 text-slate-600 ring-slate-200",
  other: "bg-slate-100 text-slate-700 ring-slate-200",
};

/** A build's status as a badge: Published, Pending, Building, Ready, Failed, Cancelled, else the raw value or 'Unknown'. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { label, tone } = buildStatusBadge(status);
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset",
        toneClasses[tone],
        className,
      )}
    >
      {label}
    </span>
  );
}
