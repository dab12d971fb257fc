import { paths } from "../common/paths";

/** The languages of the public site. */
export type Locale = "en" | "fr";

/**
 * The pages written in French (spec section 2: the French landing page and the privacy policy).
 * Every other page is English. The layout around a page (top bar, footer, cookie banner) speaks
 * the page's language.
 */
const FRENCH_PAGES: readonly string[] = [paths.landingFr, paths.privacy];

/** The language of the page at `pathname` ("/fr/" is "/fr"). */
export function localeOf(pathname: string): Locale {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return FRENCH_PAGES.includes(path) ? "fr" : "en";
}
