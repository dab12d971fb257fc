import { type RefObject, useEffect, useRef, useState } from "react";

/**
 * Which sides of a sideways-scrolling box hide more content. `null` until measured: the
 * pre-rendered HTML and the first client render cannot know the width, so they use CSS
 * breakpoints instead (see SectionNav and ComparisonTable).
 */
export type ScrollEdges = { moreBefore: boolean; moreAfter: boolean } | null;

/** A pixel or two of rounding is not "more content". */
const SLACK_PX = 2;

function measure(box: HTMLElement): ScrollEdges {
  const { scrollLeft, scrollWidth, clientWidth } = box;
  return {
    moreBefore: scrollLeft > SLACK_PX,
    moreAfter: scrollLeft + clientWidth < scrollWidth - SLACK_PX,
  };
}

/** Watches a scroll box (its scrolling, and its size or content changing) for hidden content. */
export function useScrollEdges<T extends HTMLElement>(): [RefObject<T | null>, ScrollEdges] {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<ScrollEdges>(null);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () =>
      setEdges((previous) => {
        const next = measure(box);
        return previous?.moreBefore === next?.moreBefore && previous?.moreAfter === next?.moreAfter
          ? previous
          : next;
      });
    update();
    box.addEventListener("scroll", update, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener("scroll", update);
      observer?.disconnect();
    };
  }, []);

  return [ref, edges];
}

const FADE = {
  after: "[mask-image:linear-gradient(to_right,#000_calc(100%_-_2.5rem),transparent)]",
  before: "[mask-image:linear-gradient(to_left,#000_calc(100%_-_2.5rem),transparent)]",
  both: "[mask-image:linear-gradient(to_right,transparent,#000_2.5rem,#000_calc(100%_-_2.5rem),transparent)]",
  // Before measuring (pre-rendered HTML, JavaScript off): below `lg` the content is wider than
  // the box on every page that uses this, so its end fades there.
  unmeasured: "max-lg:[mask-image:linear-gradient(to_right,#000_calc(100%_-_2.5rem),transparent)]",
} as const;

/**
 * Fades the side(s) of a scroll box that hide content, so that a cut-off row reads as "there is
 * more this way". `sides: "after"` fades only the end (e.g. when the start is a sticky column).
 */
export function scrollFadeClass(edges: ScrollEdges, sides: "both" | "after" = "both"): string {
  if (edges === null) return FADE.unmeasured;
  const before = sides === "both" && edges.moreBefore;
  if (before && edges.moreAfter) return FADE.both;
  if (before) return FADE.before;
  if (edges.moreAfter) return FADE.after;
  return "";
}
