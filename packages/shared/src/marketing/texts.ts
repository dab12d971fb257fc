import { CopyTexts } from "../common/texts";

/** User-facing texts of the marketing pages' controls (spec sections 8 and 9). */
export const MarketingTexts = {
  ...CopyTexts,
} as const;
