import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import { HEX_COLOR_PATTERN } from "@hybridge/shared/common/fields";
import { AndroidBuildError } from "./errors";

/** A project colour (#RGB or #RRGGBB) as Android resources and CSS both read it: #RRGGBB. */
export function toRrggbb(field: string, color: string): string {
  const value = color.trim();
  if (!HEX_COLOR_PATTERN.test(value)) {
    throw new AndroidBuildError("BAD_INPUT", AndroidBuildTexts.invalidColor(field, color));
  }
  const digits =
    value.length === 4 ? [...value.slice(1)].map((d) => d + d).join("") : value.slice(1);
  return `#${digits.toUpperCase()}`;
}

/**
 * Whether dark text and icons read better than white ones on this colour: the colour's
 * relative luminance (WCAG 2) is above the point where black gives more contrast than white.
 */
export function isLightColor(rrggbb: string): boolean {
  const channel = (offset: number) => {
    const c = Number.parseInt(rrggbb.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179;
}
