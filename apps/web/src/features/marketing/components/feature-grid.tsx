import { cn } from "@/lib/cn";
import type { FeatureCardContent } from "../content/types";

/** Cards with an icon, a title (h3) and a sentence or two. */
export function FeatureGrid({
  items,
  columns = 4,
  className,
}: {
  items: readonly FeatureCardContent[];
  columns?: 2 | 3 | 4;
  className?: string;
}) {
  return (
    <ul
      className={cn(
        "grid gap-5 sm:grid-cols-2",
        columns === 3 && "lg:grid-cols-3",
        columns === 4 && "lg:grid-cols-4",
        className,
      )}
    >
      {items.map(({ icon: Icon, title, text }) => (
        <li
          key={title}
          className="rounded-2xl border border-slate-200/80 bg-white p-6 shadow-slate-900/5 shadow-sm transition-shadow hover:shadow-md"
        >
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="mt-5 font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 text-slate-600 text-sm leading-relaxed">{text}</p>
        </li>
      ))}
    </ul>
  );
}
