import { focusNear } from "@/lib/focus-keeper";

/**
 * The cookie banner of a pre-rendered page: the layout wrote it as a `<template>` in the page's
 * language (app/layouts/cookie-banner.tsx), with its delay and its storage key. It appears that
 * long after the page is interactive unless consent was given before; Accept stores consent and
 * removes it.
 */
export function startCookieBanner(root: HTMLElement) {
  const template = root.querySelector<HTMLTemplateElement>("template[data-cookie-banner]");
  if (!template) return;
  const key = template.dataset.cookieKey ?? "";
  if (readConsent(key)) return;
  const delay = Number(template.dataset.cookieBanner) || 0;
  window.setTimeout(() => {
    const banner = template.content.firstElementChild?.cloneNode(true);
    if (!(banner instanceof HTMLElement)) return;
    banner.querySelector("[data-cookie-accept]")?.addEventListener("click", () => {
      storeConsent(key);
      const hadFocus = banner.contains(document.activeElement);
      banner.remove();
      // The focus goes on from the page's heading instead of falling to the body.
      if (hadFocus) focusNear([]);
    });
    template.after(banner);
  }, delay);
}

function readConsent(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === "accepted";
  } catch {
    return false; // storage blocked: ask again
  }
}

function storeConsent(key: string) {
  try {
    window.localStorage.setItem(key, "accepted");
  } catch {
    // Storage blocked: the banner simply comes back next time.
  }
}
