import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { useDocumentTitle } from "@/lib/use-document-title";
import { wrapAnywhere } from "./long-text";

/**
 * The page's h1 (also the tab title), an optional lead and actions. A long name in the title or
 * the lead wraps; the actions wrap onto more lines rather than leave the screen.
 */
export function PageHeader({
  title,
  description,
  actions,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  useDocumentTitle(title);
  return (
    <div
      className={cn("flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}
    >
      <div className={cn("space-y-1.5", wrapAnywhere)}>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="max-w-2xl text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-3">{actions}</div>}
    </div>
  );
}
