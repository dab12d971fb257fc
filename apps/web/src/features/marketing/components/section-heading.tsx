import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { SectionHeadingContent } from "../content/types";

/** Eyebrow, h2 and lead of a landing section; `id` names the section (aria-labelledby). */
export function SectionHeading({
  id,
  content: { eyebrow, title, lead },
  align = "center",
  tone = "light",
}: {
  id: string;
  content: SectionHeadingContent;
  align?: "center" | "left";
  tone?: "light" | "dark";
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      <p
        className={cn(
          "font-semibold text-sm uppercase tracking-wider",
          tone === "dark" ? "text-brand-300" : "text-brand-700",
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          "mt-3 font-bold text-3xl tracking-tight sm:text-4xl",
          tone === "dark" ? "text-white" : "text-slate-900",
        )}
      >
        {title}
      </h2>
      {lead && (
        <p
          className={cn(
            "mt-4 text-lg leading-relaxed",
            tone === "dark" ? "text-slate-300" : "text-slate-600",
          )}
        >
          {lead}
        </p>
      )}
    </div>
  );
}

/**
 * A landing section: its anchor, its scroll offset under the sticky bars, its width. With
 * `heading` it opens with that SectionHeading, whose h2 gets the id `labelledBy`; without it the
 * children hold the element of that id.
 */
export function LandingSection({
  id,
  labelledBy,
  heading,
  tone,
  compact = false,
  className,
  children,
}: {
  id: string;
  labelledBy: string;
  heading?: SectionHeadingContent;
  /** The heading's colours: "dark" on a dark background. */
  tone?: "light" | "dark";
  /** Less vertical space (a row of logos). */
  compact?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      // Focus lands here after a section link, so the next Tab continues inside the section.
      tabIndex={-1}
      className={cn(
        // Lands under the two sticky bars: the page's scroll-padding-top (index.css).
        "focus:outline-none",
        compact ? "py-16 sm:py-20" : "py-20 sm:py-24",
        className,
      )}
    >
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
        {heading && <SectionHeading id={labelledBy} tone={tone} content={heading} />}
        {children}
      </div>
    </section>
  );
}
