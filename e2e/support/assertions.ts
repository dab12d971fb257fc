import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * playwright-core has no `expect`; these wait for a condition (never a fixed delay) and fail with
 * what was expected. Locator waits use the context's default timeout (support/browser.ts).
 */

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** Waits until the page shows `path` (client-side navigations and redirects included). */
export async function expectPath(page: Page, path: string, timeout = 10_000) {
  await expect
    .poll(() => pathOf(page), { timeout, message: `expected the page to reach ${path}` })
    .toBe(path);
}

export async function expectVisible(locator: Locator, timeout?: number) {
  await locator.waitFor({ state: "visible", timeout });
}

export async function expectHidden(locator: Locator, timeout?: number) {
  await locator.waitFor({ state: "hidden", timeout });
}

/** Waits until the input's `type` is `type` (password visibility toggles). */
export async function expectInputType(locator: Locator, type: string, timeout = 5_000) {
  await expect
    .poll(() => locator.getAttribute("type"), { timeout, message: `expected type="${type}"` })
    .toBe(type);
}
