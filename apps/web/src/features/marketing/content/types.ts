import type { LucideIcon } from "lucide-react";

/** A link of a landing page's section nav: `id` is the section's anchor. */
export type SectionLink = { id: string; label: string };

export type FeatureCardContent = { icon: LucideIcon; title: string; text: string };

/**
 * How well an option covers a criterion: "yes" fully, "partial" with extra tools or limits,
 * "no" not at all. Each cell also says it in words, so the table reads without its icons.
 */
export type Coverage = "yes" | "partial" | "no";

export type ComparisonCell = { coverage: Coverage; text: string };

export type ComparisonContent = {
  caption: string;
  /** The first column's header (the criteria). */
  criterionHeader: string;
  /** The options compared, Hybridge first. */
  options: readonly string[];
  rows: ReadonlyArray<{ criterion: string; cells: readonly ComparisonCell[] }>;
  /** Words for screen readers and the legend: what each coverage means. */
  coverageLabels: Record<Coverage, string>;
  /** Where the comparison's facts come from, and when they were checked. */
  note: string;
};

/** Labels of the video frame while no video source is set. */
export type VideoPosterContent = { badge: string; caption: string };
