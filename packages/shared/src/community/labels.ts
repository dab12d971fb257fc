import { COUNTRIES, type Country, SEGMENT_LABELS, SEGMENTS, type Segment } from "../common/enums";

/** The sector select: the empty choice first, then the 14 sectors (15 options, spec section 9). */
export const SEGMENT_OPTIONS: ReadonlyArray<{ value: Segment | ""; label: string }> = [
  { value: "", label: "Choose a sector" },
  ...SEGMENTS.map((value) => ({ value, label: SEGMENT_LABELS[value] })),
];

/** The country select: the empty choice first, then the six countries, named as the spec does. */
export const COUNTRY_OPTIONS: ReadonlyArray<{ value: Country | ""; label: string }> = [
  { value: "", label: "Choose a country" },
  ...COUNTRIES.map((value) => ({ value, label: value })),
];
