// The public pages' only script (docs/decisions/025-public-pages-without-hydration.md). The
// pages arrive pre-rendered (scripts/build.mjs) and are not hydrated: no React, no router. What
// is interactive on them is done here, on the markup the components wrote for it:
//   - the top bar's Sign In / Console links, from /api/session (session-links.ts);
//   - the cookie banner (cookie-banner.ts);
//   - copy buttons (copy-buttons.ts), in-page links and the section nav (sections.ts);
//   - the demo videos: poster when near the screen, the hero's muted autoplay (video.ts);
//   - the Feedback dialog, which loads the app's own dialog on first use (feedback.ts);
//   - the dev app's download buttons, from /api/dev-app (dev-app-download.ts).
// Every link to another page is a plain link: a full page load, the console's SPA included.
import { startCookieBanner } from "./cookie-banner";
import { copyOnClick } from "./copy-buttons";
import { showDevAppDownloads } from "./dev-app-download";
import { openFeedbackOnClick, preloadFeedback } from "./feedback";
import { followInPageLink, watchScrollBoxes, watchSectionNavs } from "./sections";
import { showSessionLinks } from "./session-links";
import { startVideos } from "./video";

const root = document.getElementById("root");

if (root) {
  // One listener for every control of the page, signed-in links included once they appear.
  root.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (copyOnClick(target)) return;
    if (openFeedbackOnClick(target)) return;
    followInPageLink(event, target);
  });
  root.addEventListener("pointerover", (event) => preloadFeedback(event.target));
  root.addEventListener("focusin", (event) => preloadFeedback(event.target));

  // First what a visitor may see change: the top bar's links, the cookie banner's timer.
  void showSessionLinks(root);
  void showDevAppDownloads(root);
  startCookieBanner(root);
  // Then the rest, each in a task of its own once the page is up, so that none holds the main
  // thread long (they measure the layout); the demo video starts last, its download kept out of
  // the page's own load.
  afterLoad(() => watchSectionNavs(root))
    .then(() => afterLoad(() => watchScrollBoxes(root)))
    .then(() => afterLoad(() => startVideos(root)))
    .then(() => {
      // For whoever waits on the page being set up (the browser tests).
      document.documentElement.dataset.ready = "";
    });
}

/** Runs `task` in a task of its own, once the page has loaded and the browser is idle. */
function afterLoad(task: () => void): Promise<void> {
  return new Promise((resolve) => {
    const run = () => {
      const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback));
      idle(
        () => {
          task();
          resolve();
        },
        { timeout: 1000 },
      );
    };
    if (document.readyState === "complete") run();
    else window.addEventListener("load", run, { once: true });
  });
}
