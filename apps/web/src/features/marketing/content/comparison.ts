import type { Coverage } from "./types";

/**
 * How well each option of the comparison covers each criterion, the same in every language;
 * each language's content words the criteria and the cells (ComparisonContent). Options in
 * order: Hybridge, React Native, Flutter, Capacitor, no-code builders. Facts checked against
 * each project's own documentation in 2025.
 */
export const comparisonCoverage = {
  language: ["yes", "yes", "partial", "yes", "partial"],
  backend: ["yes", "no", "no", "no", "yes"],
  iosWithoutMac: ["yes", "partial", "partial", "partial", "yes"],
  storePublishing: ["yes", "partial", "partial", "partial", "partial"],
  otaUpdates: ["yes", "partial", "partial", "partial", "partial"],
  demandingFeatures: ["yes", "yes", "yes", "partial", "partial"],
  nativeUi: ["partial", "yes", "partial", "no", "partial"],
  codeOwnership: ["yes", "yes", "yes", "yes", "no"],
  maturity: ["partial", "yes", "yes", "yes", "partial"],
} as const satisfies Record<string, readonly Coverage[]>;

export type ComparisonCriterion = keyof typeof comparisonCoverage;

/** A string in place of each entry of the tuple T (a mapped tuple type keeps T's length). */
type WordsFor<T> = { readonly [I in keyof T]: string };

/** A row's words, one per option: as many as the row's coverage, which the types check. */
export type ComparisonCells = WordsFor<(typeof comparisonCoverage)[ComparisonCriterion]>;
