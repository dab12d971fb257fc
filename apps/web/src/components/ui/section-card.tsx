import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import { Card } from "./card";
import { LoadFailed } from "./load-failed";
import { LoadingState } from "./spinner";

const LEAD_TONES = { body: "text-slate-600", muted: "text-slate-500" } as const;

/**
 * A section of a page in a card: a region named by its heading (an icon and `title`), the `lead`
 * under it, then `children`.
 */
export function SectionCard({
  icon: Icon,
  title,
  lead,
  leadTone = "body",
  children,
}: {
  icon: LucideIcon;
  title: string;
  lead?: string;
  leadTone?: keyof typeof LEAD_TONES;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="p-6">
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-lg text-slate-900">
        <Icon aria-hidden="true" className="size-5 text-slate-500" />
        {title}
      </h2>
      {lead && <p className={cn("mt-1", LEAD_TONES[leadTone], "text-sm")}>{lead}</p>}
      {children}
    </Card>
  );
}

/**
 * What a section shows of a query: a loading status named by `label` while it loads; `failed`
 * (a text, or one made from the error) with Try again when it fails; `empty.text` when
 * `empty.when` says the data has nothing to show; else `children` of the data.
 */
export function QueryStates<TData>({
  query,
  label,
  failed,
  empty,
  className,
  children,
}: {
  query: UseQueryResult<TData>;
  label: string;
  failed: string | ((error: Error) => string);
  empty?: { when: (data: TData) => boolean; text: string };
  /** For the loading, failed and empty states (the data's own markup has its own). */
  className?: string;
  children: (data: TData) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={label} className={className} />;
  if (query.isError) {
    return (
      <LoadFailed
        size="sm"
        className={className}
        message={typeof failed === "string" ? failed : failed(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (empty?.when(query.data)) {
    return <p className={cn("text-slate-500 text-sm", className)}>{empty.text}</p>;
  }
  return children(query.data);
}
