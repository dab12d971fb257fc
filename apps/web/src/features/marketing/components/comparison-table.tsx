import { CircleCheck, CircleDashed, CircleMinus, MoveHorizontal } from "lucide-react";
import { cn } from "@/lib/cn";
import { comparisonCoverage } from "../content/comparison";
import type { ComparisonContent, Coverage } from "../content/types";
import { useScrollEdges } from "../hooks/use-scroll-edges";
import { scrollFadeClass } from "../scroll-edges";

const coverageStyle: Record<Coverage, { icon: typeof CircleCheck; className: string }> = {
  yes: { icon: CircleCheck, className: "text-brand-600" },
  partial: { icon: CircleDashed, className: "text-amber-600" },
  no: { icon: CircleMinus, className: "text-slate-400" },
};

/**
 * The comparison table: criteria down, options across, Hybridge highlighted first. Each cell says
 * its coverage in words for screen readers. On a narrow screen the table scrolls sideways inside a
 * focusable region: the criteria column stays put, the cut-off side fades, and a hint says so.
 */
export function ComparisonTable({ content }: { content: ComparisonContent }) {
  const [scrollRef, edges] = useScrollEdges<HTMLElement>();
  // Until measured (pre-rendered HTML), the table is wider than its box below `lg`.
  const scrolls = edges === null ? undefined : edges.moreBefore || edges.moreAfter;
  const scrolled = edges?.moreBefore ?? false;
  // The criteria column: it stays at the left edge while the options scroll under it.
  // Its shadow follows the box's `data-scrolled`, which the public pages' plain script sets too.
  const sticky =
    "sticky left-0 z-10 bg-white bg-clip-padding group-data-scrolled/scroll:shadow-[6px_0_8px_-6px_rgb(15_23_42/0.25)]";
  return (
    <div className="mt-12">
      <p
        aria-hidden="true"
        className={cn(
          "mb-3 flex items-center gap-2 text-slate-500 text-sm",
          scrolls === undefined ? "lg:hidden" : !scrolls && "hidden",
        )}
      >
        <MoveHorizontal className="size-4 shrink-0" />
        {content.scrollHint}
      </p>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-slate-900/5 shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 has-[:focus-visible]:outline-offset-2">
        <section
          ref={scrollRef}
          data-scroll-fade="after"
          data-scrolled={scrolled ? "" : undefined}
          aria-label={content.caption}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus, or keyboard users cannot scroll it
          tabIndex={0}
          // `relative`: the screen-reader labels (absolutely positioned) stay inside the box
          // instead of widening the page.
          className={cn(
            "group/scroll relative overflow-x-auto focus:outline-none",
            scrollFadeClass(edges, "after"),
          )}
        >
          <table className="w-full min-w-[60rem] border-collapse text-left text-sm lg:min-w-[56rem]">
            <caption className="sr-only">{content.caption}</caption>
            <thead>
              <tr className="border-slate-200 border-b">
                <th
                  scope="col"
                  className={cn(
                    "w-36 px-4 py-4 font-semibold text-slate-500 sm:w-48 sm:px-5",
                    sticky,
                  )}
                >
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
                  <th
                    scope="row"
                    className={cn("px-4 py-4 align-top font-medium text-slate-900 sm:px-5", sticky)}
                  >
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
                            <span className="sr-only">
                              {content.coverageLabels[coverage]}
                              {content.labelSeparator}
                            </span>
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
      </div>
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
