import { type Locale, localeOf } from "@hybridge/shared/marketing/locale";
import { type SiteText, SiteTexts } from "@hybridge/shared/marketing/site-texts";
import { useLocation } from "react-router";

/**
 * The language of the page shown, from its path (French on /fr and /privacy), and the layout's
 * words in it. The path is the same when the build pre-renders a page and when the app renders
 * it, so both draw the same words.
 */
export function useSiteTexts(): { locale: Locale; texts: SiteText } {
  const locale = localeOf(useLocation().pathname);
  return { locale, texts: SiteTexts[locale] };
}
