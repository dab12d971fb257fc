import { paths } from "@hybridge/shared/common/paths";

/**
 * The top bar's Feedback button on a public page (signed-in visitors only). The dialog is the
 * console's own (features/feedback), with React: it loads on first use — hovering or focusing the
 * button starts the download — from the module the build names in the page script's
 * `data-feedback-module` (src/app/feedback-island.tsx).
 */
type FeedbackIsland = { openFeedback: (button: HTMLElement) => void };

let island: Promise<FeedbackIsland> | null = null;

function loadIsland(): Promise<FeedbackIsland> | null {
  const url = document.querySelector<HTMLScriptElement>("script[data-feedback-module]")?.dataset
    .feedbackModule;
  if (!url) return null;
  island ??= (import(/* @vite-ignore */ url) as Promise<FeedbackIsland>).catch((error) => {
    island = null; // offline: the next click tries again
    throw error;
  });
  return island;
}

export function preloadFeedback(target: EventTarget | null) {
  if (target instanceof Element && target.closest("[data-feedback-open]")) {
    loadIsland()?.catch(() => {});
  }
}

/** A click on the Feedback button: opens the dialog once loaded. True when it was one. */
export function openFeedbackOnClick(target: Element): boolean {
  const button = target.closest<HTMLElement>("[data-feedback-open]");
  if (!button) return false;
  button.setAttribute("aria-busy", "true");
  loadIsland()
    ?.then((module) => module.openFeedback(button))
    // The dialog's code could not load (a new release replaced it, the network dropped): the
    // feedback page shows the same comments.
    .catch(() => window.location.assign(paths.feedback))
    .finally(() => button.removeAttribute("aria-busy"));
  return true;
}
