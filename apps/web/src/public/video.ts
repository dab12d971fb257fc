import { prefersReducedMotion } from "@/features/marketing/scroll-to-section";

/**
 * The demo videos of a pre-rendered page (features/marketing/components/video-frame.tsx). Each
 * gets its poster, and its first bytes, once it nears the screen — a lazy image, so that a video
 * below the fold does not share the network with the page's first paint. The hero's
 * (`data-autoplay`) then starts muted, unless the visitor asks for reduced motion; `muted` is set
 * as a property: the pre-rendered attribute alone does not let Chromium autoplay.
 */
export function startVideos(root: HTMLElement) {
  const videos = [...root.querySelectorAll<HTMLVideoElement>("video[data-poster]")];
  const show = (video: HTMLVideoElement) => {
    video.poster = video.dataset.poster ?? "";
    video.preload = "metadata";
    if (video.hasAttribute("data-autoplay") && !prefersReducedMotion()) {
      video.muted = true;
      // A browser that refuses to autoplay keeps the poster and the Play button: nothing to do.
      video.play().catch(() => {});
    }
  };
  if (typeof IntersectionObserver === "undefined") {
    for (const video of videos) show(video);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        show(entry.target as HTMLVideoElement);
      }
    },
    { rootMargin: "300px 0px" },
  );
  for (const video of videos) observer.observe(video);
}
