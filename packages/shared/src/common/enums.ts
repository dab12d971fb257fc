/**
 * Enumerations of spec section 3. The database CHECK constraints and the zod schemas are both
 * built from these lists, so a value is allowed in one place only.
 */
export const SEGMENTS = [
  "ecommerce",
  "healthcare",
  "education",
  "finance",
  "retail",
  "transport",
  "realEstate",
  "food",
  "travel",
  "sports",
  "media",
  "socialNetwork",
  "business",
  "other",
] as const;
export type Segment = (typeof SEGMENTS)[number];

export const COUNTRIES = ["France", "Belgium", "Canada", "Germany", "Suisse", "US"] as const;
export type Country = (typeof COUNTRIES)[number];

export const NAVBAR_TYPES = ["none", "header", "footer"] as const;
export type NavbarType = (typeof NAVBAR_TYPES)[number];

export const BUILD_PLATFORMS = ["android", "apple"] as const;
export type BuildPlatform = (typeof BUILD_PLATFORMS)[number];

/**
 * A build's life (decision 020): pending (queued) → building → ready (a signed artifact exists)
 * or failed or cancelled; ready → published by the owner.
 */
export const BUILD_STATUSES = [
  "pending",
  "building",
  "ready",
  "failed",
  "cancelled",
  "published",
] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

export const MODULE_PLATFORMS = ["multiplatform", "android", "ios"] as const;
export type ModulePlatform = (typeof MODULE_PLATFORMS)[number];
