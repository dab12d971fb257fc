import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The public pages the build pre-renders, with the <title> and lang each one is served with. */
export const PRERENDERED_PAGES = [
  {
    path: "/",
    title: "Hybridge · Native iOS and Android apps for web developers",
    lang: "en",
    h1: "Hybridge",
  },
  {
    path: "/fr",
    title: "Hybridge · Applications iOS et Android natives pour développeurs web",
    lang: "fr",
    h1: "Hybridge",
  },
  { path: "/docs", title: "Documentation · Hybridge", lang: "en", h1: "Documentation" },
  {
    path: "/privacy",
    title: "Politique de confidentialité · Hybridge",
    lang: "fr",
    h1: "Politique de confidentialité",
  },
  { path: "/assistant", title: "Assistant · Hybridge", lang: "en", h1: "Assistant" },
  { path: "/welcome", title: "Welcome · Hybridge", lang: "en", h1: "Welcome" },
] as const;

/**
 * Waits until the public page's plain script has set the page up (docs/decisions/025): its
 * controls answer from then on. The pre-rendered public pages are not hydrated.
 */
export async function waitForPageScript(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.hasAttribute("data-ready")), {
      message: "the page's script should run",
      timeout: 10_000,
    })
    .toBe(true);
}

/** Whether React owns any element of the page (a hydrated or rendered tree). */
export const hasReact = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("#root, #root *")].some((element) =>
      Object.keys(element).some((key) => key.startsWith("__react")),
    ),
  );

/** Whether the section's top sits just below the sticky top bar and section nav. */
export const isScrolledTo = async (page: Page, id: string) => {
  const top = await topOf(page, id);
  return top >= 0 && top < 140;
};

/** Distance from the viewport's top to the element's top, in CSS pixels. */
export const topOf = (page: Page, id: string) =>
  page.evaluate((sectionId) => {
    const element = document.getElementById(sectionId);
    return element ? Math.round(element.getBoundingClientRect().top) : Number.NaN;
  }, id);

/** Every string of a nested texts object, e.g. SiteTexts.en. */
export function textsOf(value: object): string[] {
  return Object.values(value).flatMap((inner) =>
    typeof inner === "object" && inner !== null ? textsOf(inner) : [String(inner)],
  );
}

/**
 * What the layout around the page shows or names — top bar, footer, the skip link, and the
 * accessible names in them — as one text, to search for words of the wrong language.
 */
export const layoutText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('header, footer, a[href="#main"]')]
      .flatMap((element) => [
        element.textContent ?? "",
        ...[...element.querySelectorAll("[aria-label]")].map(
          (labelled) => labelled.getAttribute("aria-label") ?? "",
        ),
      ])
      .join("\n"),
  );

/**
 * Watches a page's requests from now on; `settled()` waits for the load event, then until no
 * request but media has been in flight for half a second. Media are left out: the landing
 * page's hero video loops, and Chromium may fetch its ranges again while it plays, so a page
 * with it is never "network idle" for long.
 */
export function watchRequests(page: Page) {
  const pending = new Set<unknown>();
  let lastChange = Date.now();
  page.on("request", (request) => {
    if (request.resourceType() === "media") return;
    pending.add(request);
    lastChange = Date.now();
  });
  const done = (request: unknown) => {
    if (pending.delete(request)) lastChange = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    async settled() {
      await page.waitForLoadState("load");
      await expect
        .poll(() => pending.size === 0 && Date.now() - lastChange >= 500, {
          message: "the page's requests should settle",
          timeout: 10_000,
        })
        .toBe(true);
    },
  };
}
