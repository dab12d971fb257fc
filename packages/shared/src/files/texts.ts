/** User-facing texts about uploaded files (spec section 5 where it words them). */
export const FilesTexts = {
  invalidType: (allowed: readonly string[]) => `Invalid file type. Allowed: ${allowed.join(", ")}`,
  launchIconSize: "Icon must be exactly 512x512px.",
  notificationIconSize: "Icon must be exactly 48x48px.",
  notRaster: "This file is not a valid PNG or JPEG image.",
  notSvg: "This file is not a valid SVG image.",
  tooLarge: (limit: string) => `This file is too large (maximum ${limit}).`,
  fieldMustHaveFile: "Field must have valid file.",
  oneFilePerField: "Send one file per icon.",
  svgRefused: (what: string) =>
    `This SVG was refused because it contains ${what}. Remove it and upload the icon again.`,
} as const;

/** What an unsafe SVG was refused for, completing FilesTexts.svgRefused. */
export const SvgRefusals = {
  script: "a <script> element",
  foreignObject: "a <foreignObject> element",
  eventHandler: (name: string) => `an event handler attribute (${name})`,
  scriptOrDataUrl: "a javascript: or data: URL",
  externalReference: "a reference to an external resource",
  declaration: "a DOCTYPE or ENTITY declaration",
  processingInstruction: "an XML processing instruction",
  foreignElement: (name: string) => `an element from outside SVG (<${name}>)`,
  element: (name: string) => `an element that icons may not use (<${name}>)`,
  attribute: (name: string) => `an attribute that icons may not use (${name})`,
} as const;
