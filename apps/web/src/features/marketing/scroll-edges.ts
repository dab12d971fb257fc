/**
 * Which sides of a sideways-scrolling box hide more content, and the fade that says so. Framework
 * free: the React hook (hooks/use-scroll-edges.ts) and the public pages' plain script
 * (src/public/scroll-boxes.ts) both use it.
 *
 * `null` until measured: the pre-rendered HTML cannot know the width, so it uses CSS breakpoints
 * instead (see SectionNav and ComparisonTable).
 */
export type ScrollEdges = { moreBefore: boolean; moreAfter: boolean } | null;

/** A pixel or two of rounding is not "more content". */
const SLACK_PX = 2;

export function measureScrollEdges(box: HTMLElement): ScrollEdges {
  const { scrollLeft, scrollWidth, clientWidth } = box;
  return {
    moreBefore: scrollLeft > SLACK_PX,
    moreAfter: scrollLeft + clientWidth < scrollWidth - SLACK_PX,
  };
}

/**
 * Calls `onChange` with the box's edges now, and whenever its scrolling, its size or its
 * content's size changes them. Returns the function that stops watching.
 */
export function watchScrollEdges(
  box: HTMLElement,
  onChange: (edges: ScrollEdges) => void,
): () => void {
  let last: ScrollEdges = null;
  const update = () => {
    const next = measureScrollEdges(box);
    if (last?.moreBefore === next?.moreBefore && last?.moreAfter === next?.moreAfter) return;
    last = next;
    onChange(next);
  };
  update();
  box.addEventListener("scroll", update, { passive: true });
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
  observer?.observe(box);
  if (box.firstElementChild) observer?.observe(box.firstElementChild);
  return () => {
    box.removeEventListener("scroll", update);
    observer?.disconnect();
  };
}

const FADE = {
  after: "[mask-image:linear-gradient(to_right,#000_calc(100%_-_2.5rem),transparent)]",
  before: "[mask-image:linear-gradient(to_left,#000_calc(100%_-_2.5rem),transparent)]",
  both: "[mask-image:linear-gradient(to_right,transparent,#000_2.5rem,#000_calc(100%_-_2.5rem),transparent)]",
  // Before measuring (pre-rendered HTML, JavaScript off): below `lg` the content is wider than
  // the box on every page that uses this, so its end fades there.
  unmeasured: "max-lg:[mask-image:linear-gradient(to_right,#000_calc(100%_-_2.5rem),transparent)]",
} as const;

/** Every fade class, for a script that swaps one for another. */
export const SCROLL_FADE_CLASSES: readonly string[] = Object.values(FADE);

/** Which sides may fade: "after" only, e.g. when the start is a sticky column. */
export type ScrollFadeSides = "both" | "after";

/**
 * Fades the side(s) of a scroll box that hide content, so that a cut-off row reads as "there is
 * more this way".
 */
export function scrollFadeClass(edges: ScrollEdges, sides: ScrollFadeSides = "both"): string {
  if (edges === null) return FADE.unmeasured;
  const before = sides === "both" && edges.moreBefore;
  if (before && edges.moreAfter) return FADE.both;
  if (before) return FADE.before;
  if (edges.moreAfter) return FADE.after;
  return "";
}
