import { COUNTRIES, type Country, SEGMENTS, type Segment } from "../common/enums";

/** Human-readable names of the sectors (spec "segment values"), in the order of SEGMENTS. */
export const SEGMENT_LABELS: Record<Segment, string> = {
  ecommerce: "E-commerce",
  healthcare: "Healthcare",
  education: "Education",
  finance: "Finance",
  retail: "Retail",
  transport: "Transport",
  realEstate: "Real estate",
  food: "Food",
  travel: "Travel",
  sports: "Sports",
  media: "Media",
  socialNetwork: "Social network",
  business: "Business",
  other: "Other",
};

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
