import type { Locale } from "@hybridge/shared/marketing/locale";
import type { LucideIcon } from "lucide-react";
import type { ComparisonCells, ComparisonCriterion } from "./comparison";

/**
 * The shapes of the landing pages' content. Each language writes its own words in its content
 * module (en/landing.ts, fr/landing.ts); the shared components render any of them the same way.
 */

/** A link of a landing page's section nav: `id` is the section's anchor. */
export type SectionLink = { id: string; label: string };

/** The same page in another language: its path, the link's label, and that language. */
export type AlternatePage = { to: string; label: string; lang: string };

/** A landing page's sticky section nav (SectionNav). */
export type LandingNavContent = {
  /** The nav's accessible name. */
  label: string;
  links: readonly SectionLink[];
  alternate?: AlternatePage;
};

/** Eyebrow, title (h2) and optional lead of a landing section (SectionHeading). */
export type SectionHeadingContent = { eyebrow: string; title: string; lead?: string };

/** A key figure: its value and what it counts. */
export type StatContent = { value: string; label: string };

export type FeatureCardContent = { icon: LucideIcon; title: string; text: string };

/** A section of feature cards under its heading (FeatureSection). */
export type FeatureSectionContent = SectionHeadingContent & {
  items: readonly FeatureCardContent[];
};

/** The words around the demo video (VideoFrame), in the page's language. */
export type VideoTextContent = {
  locale: Locale;
  title: string;
  /** Heads the written-out steps under the video. */
  stepsHeading: string;
  /** Names the captions track in the player's menu. */
  captionsLabel: string;
};

/** The top of a landing page (LandingHero): its h1 is the product name. */
export type HeroContent = {
  eyebrow: string;
  tagline: string;
  lead: string;
  /** The main button's label (it leads to the beta). */
  primaryCta: string;
  /** The second button's label (it leads to the docs). */
  secondaryCta: string;
  /** Key figures under the buttons, if any. */
  stats?: readonly StatContent[];
  video: VideoTextContent;
};

/** The closing band of a landing page (ClosingBand): a call to action and its target. */
export type ClosingContent = { title: string; text: string; cta: string; to: string };

/**
 * How well an option covers a criterion: "yes" fully, "partial" with extra tools or limits,
 * "no" not at all. Each cell also says it in words, so the table reads without its icons.
 */
export type Coverage = "yes" | "partial" | "no";

export type ComparisonContent = {
  caption: string;
  /** The first column's header (the criteria). */
  criterionHeader: string;
  /** The options compared, Hybridge first. */
  options: readonly string[];
  /**
   * One row a criterion: `key` names its coverage in comparisonCoverage (content/comparison.ts),
   * `cells` say it in words, one per option.
   */
  rows: ReadonlyArray<{ key: ComparisonCriterion; criterion: string; cells: ComparisonCells }>;
  /** Words for screen readers and the legend: what each coverage means. */
  coverageLabels: Record<Coverage, string>;
  /**
   * What separates a coverage label from the cell's words for screen readers: ": " in English,
   * a no-break space before the colon in French.
   */
  labelSeparator: string;
  /** Shown while the table is wider than the screen: it scrolls sideways. */
  scrollHint: string;
  /** Where the comparison's facts come from, and when they were checked. */
  note: string;
};
