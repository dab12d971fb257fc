import { paths } from "@hybridge/shared/common/paths";
import { localeOf } from "@hybridge/shared/marketing/locale";
import { SiteTexts } from "@hybridge/shared/marketing/site-texts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectVisible } from "./support/assertions";
import { useBrowser } from "./support/browser";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

/** Every page a visitor reaches without the console, and the feedback page. */
const PUBLIC_PAGES = [
  paths.landing,
  paths.landingFr,
  paths.docs,
  paths.privacy,
  paths.assistant,
  paths.welcome,
  paths.join,
  paths.beta,
  paths.feedback,
  paths.resetPassword,
  paths.changePassword,
  paths.leave,
];
/** Only signed out: signed in, they redirect to the console (/home). */
const SIGNED_OUT_ONLY = [paths.login, paths.signup];

/** An iPhone 14 and the narrowest common Android width. */
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 780 },
];

/**
 * Opens `path` and waits until it shows its final layout: its h1, and once the session has
 * answered, the top bar of that session (the account link when signed in).
 */
async function open(page: Page, path: string, signedIn: boolean) {
  const session = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith("/api/session"),
  );
  await page.goto(path);
  await session;
  await expectVisible(page.getByRole("heading", { level: 1 }).first());
  if (signedIn) {
    const { account } = SiteTexts[localeOf(path)].topBar;
    await expectVisible(page.getByRole("banner").getByRole("link", { name: account }));
  }
}

/** How wide the page is against the screen, and what sticks out (to say what to fix). */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const wider = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      // The outermost offenders only: inside a sideways scroll box, content may be wider.
      .filter((element) => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const { overflowX } = getComputedStyle(parent);
          if (overflowX === "auto" || overflowX === "scroll" || overflowX === "hidden") {
            return false;
          }
        }
        return true;
      })
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wider };
  });

async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, width, wider } = await sideways(page);
  expect(
    scrollWidth,
    `${path} at ${width} px is ${scrollWidth} px wide: ${wider.join(" ")}`,
  ).toBeLessThanOrEqual(width);
}

/** The CSS mask that fades a cut-off side of a scroll box ("none" when nothing is hidden). */
const maskOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => getComputedStyle(element).maskImage);

describe("sideways scrolling on a phone", () => {
  it("the comparison table scrolls in its box, says so, and keeps its criteria column in view", async () => {
    const { page } = await browser.newPage();
    await page.setViewportSize(PHONES[0] as { width: number; height: number });
    await open(page, paths.landing, false);
    const table = page.getByRole("region", {
      name: "Hybridge compared with other ways to build a mobile app",
    });
    await table.scrollIntoViewIfNeeded();
    await expectVisible(page.getByText("Scroll sideways to see every option"));
    const criterion = table.getByRole("rowheader", { name: "Backend included" });
    const before = await criterion.boundingBox();
    const hybridge = table.getByRole("columnheader", { name: "Hybridge", exact: true });
    const hybridgeBefore = await hybridge.boundingBox();

    await table.evaluate((element) => {
      element.scrollLeft = 300;
    });
    // The options moved under the criteria column, which stayed where it was.
    await expect
      .poll(async () => (await hybridge.boundingBox())?.x)
      .toBeLessThan((hybridgeBefore?.x ?? 0) - 200);
    expect((await criterion.boundingBox())?.x).toBe(before?.x);
  });

  it("the section links fade out on the side that hides more of them", async () => {
    const { page } = await browser.newPage();
    await page.setViewportSize(PHONES[0] as { width: number; height: number });
    await open(page, paths.landing, false);
    const links = 'nav[aria-label="Page sections"] ul';
    // At the start, the end fades: more links that way.
    await expect.poll(() => maskOf(page, links)).toMatch(/^linear-gradient\((to right|90deg),/);
    await page.locator(links).evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    // At the end, only the start (now hidden) fades.
    await expect.poll(() => maskOf(page, links)).toMatch(/^linear-gradient\((to left|270deg),/);
  });
});

describe.each(PHONES)("on a $width px phone", (viewport) => {
  it("no page scrolls sideways for a visitor", async () => {
    const { page } = await browser.newPage();
    await page.setViewportSize(viewport);
    for (const path of [...PUBLIC_PAGES, ...SIGNED_OUT_ONLY]) {
      await open(page, path, false);
      await expectNoSidewaysScroll(page, path);
    }
  });

  it("no page scrolls sideways for a signed-in user, and the top bar keeps every link", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.setViewportSize(viewport);
    for (const path of PUBLIC_PAGES) {
      await open(page, path, true);
      await expectNoSidewaysScroll(page, path);
    }

    // Every link of the top bar is on screen, the avatar included, named for screen readers.
    await open(page, paths.landing, true);
    const topBar = page.getByRole("banner");
    const { topBar: names } = SiteTexts.en;
    for (const control of [
      topBar.getByRole("link", { name: names.contactUs }),
      topBar.getByRole("button", { name: names.feedback, exact: true }),
      topBar.getByRole("link", { name: names.console, exact: true }),
      topBar.getByRole("link", { name: names.account, exact: true }),
    ]) {
      const box = await control.boundingBox();
      expect(box, "a top bar control is not drawn").not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    }
  });
});
