import { prefersReducedMotion } from "../features/marketing/scroll-to-section";

/**
 * The hero's demo video (`data-autoplay`, features/marketing/components/video-frame.tsx) starts
 * muted once the page is up, unless the visitor asks for reduced motion. `muted` is set as a
 * property: the pre-rendered attribute alone does not let Chromium autoplay.
 */
export function startAutoplay(root: HTMLElement) {
  if (prefersReducedMotion()) return;
  for (const video of root.querySelectorAll<HTMLVideoElement>("video[data-autoplay]")) {
    video.muted = true;
    // A browser that refuses to autoplay keeps the poster and the Play button: nothing to do.
    video.play().catch(() => {});
  }
}
