import { paths } from "@hybridge/shared/common/paths";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectHidden, expectPath, expectVisible, pathOf } from "./support/assertions";
import { COOKIE_CONSENT_KEY, failedResource, useBrowser } from "./support/browser";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });
const cookieBanner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });

/** Every route behind the login guard (docs/ui-contract.md, "Guard"). */
const GUARDED = [
  paths.home,
  paths.build,
  paths.dash,
  paths.store,
  paths.storeModule("some-module"),
  paths.addModule,
  paths.test("some-app-key"),
];

describe("login guard", () => {
  it("sends a signed-out visitor from every guarded page to the sign-in page", async () => {
    const { page } = await browser.newPage();
    for (const path of GUARDED) {
      await page.goto(path);
      await expect
        .poll(() => pathOf(page), { message: `${path} should redirect to ${paths.login}` })
        .toBe(paths.login);
      await expectVisible(heading(page, "Sign In"));
    }
  });

  it("sends a signed-in user from the sign-in and sign-up pages to My Projects", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    for (const path of [paths.login, paths.signup]) {
      await page.goto(path);
      await expect
        .poll(() => pathOf(page), { message: `${path} should redirect to ${paths.home}` })
        .toBe(paths.home);
      await expectVisible(heading(page, "My Projects"));
    }
  });
});

describe("layout", () => {
  it("shows Not found for an unknown path, with a way back home", async () => {
    const { page, allowErrors } = await browser.newPage();
    // The server answers a path outside the route list with 404 (and the app shell).
    allowErrors(failedResource(404));
    await page.goto("/no-such-page/anywhere");
    await expectVisible(heading(page, "Not found"));
    await page.getByRole("link", { name: "Back to home", exact: true }).click();
    await expectPath(page, paths.landing);
  });

  it("answers the build's own HTML files like any unknown path", async () => {
    const { page, allowErrors } = await browser.newPage();
    allowErrors(failedResource(404));
    for (const path of ["/index.html", "/fr/index.html", "/app.html"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      // The shell renders 'Not found': no pre-rendered page hydrated under the wrong path
      // (that would be React's error #418, and the test fails on any console error).
      await expectVisible(heading(page, "Not found"));
      expect(pathOf(page)).toBe(path);
    }
  });

  it("has the top bar and the footer", async () => {
    const { page } = await browser.newPage();
    // An English page: the French ones (/fr, /privacy) word the layout in French
    // (marketing.spec.ts, "the layout's language").
    await page.goto(paths.docs);
    const topBar = page.getByRole("banner");
    await expectVisible(topBar);
    const signIn = topBar.getByRole("link", { name: "Sign In", exact: true });
    expect(await signIn.getAttribute("href")).toBe(paths.login);
    expect(await topBar.getByRole("link", { name: "Contact us" }).getAttribute("href")).toMatch(
      /^mailto:/,
    );
    await expectVisible(
      page.getByRole("contentinfo").getByText(`© ${new Date().getFullYear()} Hybridge`),
    );

    await topBar.getByRole("link", { name: "Hybridge", exact: true }).click();
    await expectPath(page, paths.landing);
  });

  it("offers the console instead of Sign In to a signed-in user", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.docs);
    const topBar = page.getByRole("banner");
    await topBar.getByRole("link", { name: "Console", exact: true }).click();
    await expectPath(page, paths.home);
    expect(await topBar.getByRole("link", { name: "Sign In", exact: true }).count()).toBe(0);
  });
});

/** What recordBannerTiming() notes in the page, in milliseconds on the page's own clock. */
type BannerTiming = { interactiveAt?: number; bannerAt?: number };

/**
 * Runs in the page before its scripts. Notes when the page became interactive — the public
 * pages' script (src/public/main.ts), like React in the console, attaches its click listener to
 * #root before it starts the banner's timer — and when the cookie banner first entered the DOM,
 * so that even a brief early appearance is caught rather than sampled.
 */
function recordBannerTiming() {
  const timing: BannerTiming = {};
  (window as unknown as { bannerTiming: BannerTiming }).bannerTiming = timing;
  const addEventListener = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, ...args) {
    if (
      timing.interactiveAt === undefined &&
      args[0] === "click" &&
      this instanceof HTMLElement &&
      this.id === "root"
    ) {
      timing.interactiveAt = performance.now();
    }
    return addEventListener.apply(this, args);
  };
  new MutationObserver(() => {
    if (timing.bannerAt === undefined && document.querySelector('[aria-label="Cookie consent"]')) {
      timing.bannerAt = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
}

const bannerTiming = (page: Page) =>
  page.evaluate(() => ({ ...(window as unknown as { bannerTiming: BannerTiming }).bannerTiming }));

describe("cookie banner", () => {
  it("appears 3 s after the app is interactive, and Accept dismisses it for good", async () => {
    const { page } = await browser.newPage({ cookiesAccepted: false });
    await page.addInitScript(recordBannerTiming);
    await page.goto(paths.landing);
    await expectVisible(heading(page, "Hybridge"));
    await expectVisible(cookieBanner(page), 10_000);

    const shown = await bannerTiming(page);
    expect(shown.interactiveAt, "the app became interactive").toBeDefined();
    const delay = (shown.bannerAt ?? 0) - (shown.interactiveAt ?? 0);
    // The timer starts a little after the listeners (the first render comes between), so the
    // true delay is at least 3 s; 2.9 s leaves room for clock rounding, not for a shorter timer.
    expect(delay, "banner shown before 3 s").toBeGreaterThanOrEqual(2_900);
    expect(delay, "banner shown far later than 3 s").toBeLessThan(6_000);

    await cookieBanner(page).getByRole("button", { name: "Accept", exact: true }).click();
    await expectHidden(cookieBanner(page));
    expect(await page.evaluate((key) => localStorage.getItem(key), COOKIE_CONSENT_KEY)).toBe(
      "accepted",
    );

    // After a reload, twice the banner's delay passes without it (the init script runs again).
    await page.reload();
    await expectVisible(heading(page, "Hybridge"));
    await page.waitForFunction(
      () => {
        const { interactiveAt } = (window as unknown as { bannerTiming: BannerTiming })
          .bannerTiming;
        return interactiveAt !== undefined && performance.now() >= interactiveAt + 6_000;
      },
      undefined,
      { timeout: 20_000, polling: 200 },
    );
    const reloaded = await bannerTiming(page);
    expect(reloaded.bannerAt, "banner shown again after Accept").toBeUndefined();
    expect(await cookieBanner(page).count()).toBe(0);
  });
});
