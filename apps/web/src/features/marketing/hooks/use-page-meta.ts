import { PRODUCT_NAME } from "@hybridge/shared/common/paths";
import { useEffect } from "react";
import { siteDescription } from "../content/en/site";
import type { PageMeta } from "../content/page-meta";

function descriptionTag(): HTMLMetaElement | null {
  return document.querySelector('meta[name="description"]');
}

const ALTERNATE_LINKS = 'link[rel="alternate"][hreflang]';

/** Puts the page's `<link rel="alternate" hreflang>` in the head, in place of any others. */
function setAlternates(alternates: PageMeta["alternates"]) {
  for (const link of document.head.querySelectorAll(ALTERNATE_LINKS)) link.remove();
  for (const { lang, path } of alternates ?? []) {
    const link = document.createElement("link");
    link.rel = "alternate";
    link.hreflang = lang;
    link.href = path;
    document.head.append(link);
  }
}

/**
 * The tab title, meta description, document language and language alternates of a public page.
 * The build writes the same values into the page's pre-rendered HTML; this keeps them right after
 * client-side navigation, and puts the site's defaults back when the page is left.
 */
export function usePageMeta(meta: PageMeta) {
  const { title, description, lang, alternates } = meta;
  useEffect(() => {
    const root = document.documentElement;
    const tag = descriptionTag();
    document.title = title;
    root.lang = lang;
    if (tag) tag.content = description;
    setAlternates(alternates);
    // Leaving: the site's defaults, which the next page may override (effects of the page left
    // are cleaned up before those of the page entered run).
    return () => {
      document.title = PRODUCT_NAME;
      root.lang = "en";
      if (tag) tag.content = siteDescription;
      setAlternates(undefined);
    };
  }, [title, description, lang, alternates]);
}
