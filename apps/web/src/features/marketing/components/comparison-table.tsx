import { CircleCheck, CircleDashed, CircleMinus } from "lucide-react";
import { cn } from "../../../lib/cn";
import { comparisonCoverage } from "../content/comparison";
import type { ComparisonContent, Coverage } from "../content/types";

const coverageStyle: Record<Coverage, { icon: typeof CircleCheck; className: string }> = {
  yes: { icon: CircleCheck, className: "text-brand-600" },
  partial: { icon: CircleDashed, className: "text-amber-600" },
  no: { icon: CircleMinus, className: "text-slate-400" },
};

/**
 * The comparison table: criteria down, options across, Hybridge highlighted first. Each cell says
 * its coverage in words for screen readers; on a narrow screen the table scrolls sideways inside
 * a focusable region.
 */
export function ComparisonTable({ content }: { content: ComparisonContent }) {
  return (
    <div className="mt-12">
      <section
        aria-label={content.caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus, or keyboard users cannot scroll it
        tabIndex={0}
        className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-slate-900/5 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2"
      >
        <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
          <caption className="sr-only">{content.caption}</caption>
          <thead>
            <tr className="border-slate-200 border-b">
              <th scope="col" className="w-48 px-5 py-4 font-semibold text-slate-500">
                {content.criterionHeader}
              </th>
              {content.options.map((option, index) => (
                <th
                  key={option}
                  scope="col"
                  className={cn(
                    "px-4 py-4 font-semibold",
                    index === 0 ? "bg-brand-50 text-brand-900" : "text-slate-900",
                  )}
                >
                  {option}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {content.rows.map((row) => (
              <tr key={row.criterion} className="border-slate-100 border-b last:border-0">
                <th scope="row" className="px-5 py-4 align-top font-medium text-slate-900">
                  {row.criterion}
                </th>
                {row.cells.map((text, index) => {
                  // The types give each row as many cells as coverages; "no" is never reached.
                  const coverage = comparisonCoverage[row.key][index] ?? "no";
                  const { icon: Icon, className } = coverageStyle[coverage];
                  return (
                    <td
                      key={content.options[index]}
                      className={cn("px-4 py-4 align-top", index === 0 && "bg-brand-50/60")}
                    >
                      <span className="flex items-start gap-2">
                        <Icon
                          aria-hidden="true"
                          className={cn("mt-px size-4.5 shrink-0", className)}
                        />
                        <span className="text-slate-700">
                          <span className="sr-only">{content.coverageLabels[coverage]}: </span>
                          {text}
                        </span>
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="mt-4 flex flex-col gap-3 text-slate-500 text-sm sm:flex-row sm:items-start sm:justify-between">
        <ul className="flex shrink-0 flex-wrap gap-4" aria-hidden="true">
          {(Object.keys(coverageStyle) as Coverage[]).map((coverage) => {
            const { icon: Icon, className } = coverageStyle[coverage];
            return (
              <li key={coverage} className="flex items-center gap-1.5">
                <Icon className={cn("size-4", className)} />
                {content.coverageLabels[coverage]}
              </li>
            );
          })}
        </ul>
        <p className="max-w-xl sm:text-right">{content.note}</p>
      </div>
    </div>
  );
}
