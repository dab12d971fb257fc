import {
  SCROLL_FADE_CLASSES,
  type ScrollFadeSides,
  scrollFadeClass,
  watchScrollEdges,
} from "@/features/marketing/scroll-edges";
import {
  keepLinkInView,
  scrollToSection,
  watchCurrentSection,
} from "@/features/marketing/scroll-to-section";

/**
 * A click on an in-page link (section nav, the docs' and privacy policy's contents, the skip
 * link): scrolls there smoothly and moves the focus in (scrollToSection), as the React pages do.
 */
export function followInPageLink(event: MouseEvent, target: Element) {
  const link = target.closest<HTMLAnchorElement>('a[href^="#"]');
  const id = link?.getAttribute("href")?.slice(1);
  if (!link || !id) return;
  if (scrollToSection(event, id)) markCurrent(link.closest("[data-section-nav]"), id);
}

/** The section nav marks the section being read (aria-current), its link kept in view. */
export function watchSectionNavs(root: HTMLElement) {
  for (const nav of root.querySelectorAll<HTMLElement>("[data-section-nav]")) {
    const ids = [...nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')].map((link) =>
      (link.getAttribute("href") ?? "").slice(1),
    );
    watchCurrentSection(ids, (id) => markCurrent(nav, id));
  }
}

function markCurrent(nav: Element | null, id: string | null) {
  if (!nav) return;
  let current: HTMLElement | null = null;
  for (const link of nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    const isCurrent = link.getAttribute("href") === `#${id}`;
    if (isCurrent) {
      link.setAttribute("aria-current", "location");
      current = link;
    } else {
      link.removeAttribute("aria-current");
    }
  }
  const list = current?.closest("ul");
  if (list && current) keepLinkInView(list, current);
}

/**
 * Sideways scroll boxes (`data-scroll-fade`: the section links, the comparison table) fade the
 * side that hides content, and say when they are scrolled (`data-scrolled`, for the table's
 * sticky column shadow).
 */
export function watchScrollBoxes(root: HTMLElement) {
  for (const box of root.querySelectorAll<HTMLElement>("[data-scroll-fade]")) {
    const sides: ScrollFadeSides = box.dataset.scrollFade === "after" ? "after" : "both";
    watchScrollEdges(box, (edges) => {
      box.classList.remove(...SCROLL_FADE_CLASSES);
      const fade = scrollFadeClass(edges, sides);
      if (fade) box.classList.add(fade);
      box.toggleAttribute("data-scrolled", edges?.moreBefore ?? false);
    });
  }
}
