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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

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
    await page.goto(paths.privacy);
    const topBar = page.getByRole("banner");
    await expectVisible(topBar);
    const signIn = topBar.getByRole("link", { name: "Sign In", exact: true });
    expect(await signIn.getAttribute("href")).toBe(paths.login);
    expect(await topBar.getByRole("link", { name: "Contact us" }).getAttribute("href")).toMatch(
      /^mailto:/,
    );
    await expectVisible(page.getByRole("contentinfo").getByText("© 2025 Hybridge"));

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

describe("cookie banner", () => {
  it("appears 3 s after load, and Accept dismisses it for good", async () => {
    const { page } = await browser.newPage({ cookiesAccepted: false });
    await page.goto(paths.landing);
    const loadedAt = Date.now();
    await expectVisible(heading(page, "Hybridge"));

    await sleep(loadedAt + 1_000 - Date.now());
    expect(await cookieBanner(page).isVisible(), "banner shown before 3 s").toBe(false);
    await expectVisible(cookieBanner(page), 4_000);

    await cookieBanner(page).getByRole("button", { name: "Accept", exact: true }).click();
    await expectHidden(cookieBanner(page));
    expect(await page.evaluate((key) => localStorage.getItem(key), COOKIE_CONSENT_KEY)).toBe(
      "accepted",
    );

    await page.reload();
    const reloadedAt = Date.now();
    await expectVisible(heading(page, "Hybridge"));
    await sleep(reloadedAt + 3_500 - Date.now());
    expect(await cookieBanner(page).isVisible(), "banner shown again after Accept").toBe(false);
  });
});
