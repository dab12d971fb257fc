import type { BrowserContext, Page } from "playwright-core";
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
 * Before any script runs, remembers the h1 the server sent (readyState "interactive": the HTML
 * is parsed, deferred and module scripts have not run yet). Hydration must keep that very node;
 * a mismatch makes React throw the server's DOM away and render its own.
 */
export async function rememberServerHeading(context: BrowserContext) {
  await context.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      (window as { __serverH1?: Element | null }).__serverH1 = document.querySelector("h1");
    });
  });
}

/** Waits until React owns the page's h1: the page is hydrated and its handlers work. */
export async function waitForHydration(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const h1 = document.querySelector("h1");
          return h1 !== null && Object.keys(h1).some((key) => key.startsWith("__reactFiber"));
        }),
      { message: "the page should hydrate", timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * After rememberServerHeading: waits until React owns the server's h1, and checks it is still
 * the same node.
 */
export async function expectHydratedInPlace(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const h1 = (window as { __serverH1?: Element | null }).__serverH1;
          if (!h1) return "no server h1";
          if (!h1.isConnected || document.querySelector("h1") !== h1) return "replaced";
          return Object.keys(h1).some((key) => key.startsWith("__reactFiber"))
            ? "hydrated"
            : "not yet";
        }),
      { message: "the pre-rendered h1 should be hydrated in place", timeout: 10_000 },
    )
    .toBe("hydrated");
}

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
