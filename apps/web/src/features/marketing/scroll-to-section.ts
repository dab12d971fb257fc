/** What scrollToSection needs of a click, React's or the DOM's. */
type LinkClick = Pick<MouseEvent, "metaKey" | "ctrlKey" | "shiftKey" | "button" | "preventDefault">;

export function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * Follows an in-page link smoothly (unless the visitor asked for reduced motion) and moves the
 * focus into the target, so that the next Tab continues there. Returns false when it left the
 * click to the browser (modifier keys, unknown target). Framework free: the React pages and the
 * public pages' plain script (src/public/) both call it.
 */
export function scrollToSection(event: LinkClick, id: string): boolean {
  const section = document.getElementById(id);
  if (!section || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
    return false;
  }
  event.preventDefault();
  section.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  section.focus({ preventScroll: true });
  // The address shows the section (to share it) without a router navigation, which would
  // jump there instantly and cut the smooth scroll short.
  window.history.replaceState(window.history.state, "", `#${id}`);
  return true;
}

/**
 * Scrolls a sideways list so that `link` stays within its visible part, clear of its fades
 * (the section nav's link of the section being read).
 */
export function keepLinkInView(list: HTMLElement, link: HTMLElement) {
  const start = link.offsetLeft - list.offsetLeft;
  const end = start + link.offsetWidth;
  const margin = 40; // clear of the fade
  if (start >= list.scrollLeft + margin && end <= list.scrollLeft + list.clientWidth - margin) {
    return;
  }
  list.scrollTo({
    left: Math.max(0, start - margin),
    behavior: prefersReducedMotion() ? "auto" : "smooth",
  });
}

/**
 * Watches the sections `ids` and calls `onCurrent` with the one being read: the topmost in the
 * band below the sticky bars, or null. Returns the function that stops watching.
 */
export function watchCurrentSection(
  ids: readonly string[],
  onCurrent: (id: string | null) => void,
): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  const sections = ids
    .map((id) => document.getElementById(id))
    .filter((section): section is HTMLElement => section !== null);
  const visible = new Map<string, number>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.set(entry.target.id, entry.boundingClientRect.top);
        else visible.delete(entry.target.id);
      }
      const top = [...visible.entries()].sort((a, b) => a[1] - b[1])[0];
      onCurrent(top ? top[0] : null);
    },
    { rootMargin: "-120px 0px -55% 0px" },
  );
  for (const section of sections) observer.observe(section);
  return () => observer.disconnect();
}
