import { CopyTexts } from "../common/texts";

/** User-facing texts of the marketing pages' controls (spec sections 8 and 9). */
export const MarketingTexts = {
  ...CopyTexts,
  /** A code block's name for screen readers (it takes focus to scroll sideways). */
  codeLabel: (what: string) => `Code: ${what}`,
  /** Its Copy button's name: which code it copies, its visible word first. */
  copyCodeLabel: (what: string) => `${CopyTexts.copy} code: ${what}`,
} as const;
