import { COUNTRIES, type Country, SEGMENTS, type Segment } from "../common/enums";
import { SEGMENT_LABELS } from "../common/texts";
import { CommunityTexts } from "./texts";

/** The sector select: the empty choice first, then the 14 sectors (15 options, spec section 9). */
export const SEGMENT_OPTIONS: ReadonlyArray<{ value: Segment | ""; label: string }> = [
  { value: "", label: CommunityTexts.chooseSector },
  ...SEGMENTS.map((value) => ({ value, label: SEGMENT_LABELS[value] })),
];

/** The country select: the empty choice first, then the six countries, named as the spec does. */
export const COUNTRY_OPTIONS: ReadonlyArray<{ value: Country | ""; label: string }> = [
  { value: "", label: CommunityTexts.chooseCountry },
  ...COUNTRIES.map((value) => ({ value, label: value })),
];
