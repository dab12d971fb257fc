import { PhoneAddressTexts } from "@hybridge/shared/builds/texts";
import { paths } from "@hybridge/shared/common/paths";
import { GenericTexts } from "@hybridge/shared/common/texts";
import type { DevPayload } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts as T } from "@hybridge/shared/test-console/texts";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectHidden, expectPath, expectVisible } from "./support/assertions";
import { failedResource, useBrowser } from "./support/browser";
import { baseUrl } from "./support/env";
import {
  createConsoleProject,
  decodeQrMatrix,
  readQrMatrix,
  revealDatabaseKey,
} from "./support/test-console";
import { createSignedInUser, signInContext } from "./support/users";

const browser = useBrowser();

const heading = (page: Page) => page.getByRole("heading", { level: 1, name: T.title, exact: true });
const form = (page: Page, name: string) => page.getByRole("form", { name, exact: true });
const success = (scope: Locator) => scope.getByText(T.updated, { exact: true });

/** The project key label shows `keyApp`. */
async function expectProjectKey(page: Page, keyApp: string) {
  await expectVisible(page.getByText(T.projectKey, { exact: true }).first());
  await expect.poll(() => page.getByRole("code").textContent()).toBe(keyApp);
}

/** The payload the page shows under "What the QR code contains". */
async function shownPayload(page: Page): Promise<DevPayload> {
  const details = page.locator("details", { has: page.getByText(T.qrContents, { exact: true }) });
  return JSON.parse((await details.locator("pre").textContent()) ?? "") as DevPayload;
}

/** What a phone reads from the QR code on the page: the dev app's https link. */
async function scannedLink(page: Page): Promise<string> {
  return decodeQrMatrix(await readQrMatrix(page, T.qrLabel));
}

/** The link a phone opens for the project and a localhost URL (a path "/" when it has none). */
const devLinkOf = (appKey: string, localhostUrl: string) =>
  `${baseUrl()}${paths.dev(appKey)}?url=${encodeURIComponent(`${localhostUrl}/`)}`;

/** Waits until both the shown payload and the QR code carry `config`. */
async function expectPayloadConfig(page: Page, config: Partial<DevPayload["config"]>) {
  await expect
    .poll(async () => (await shownPayload(page)).config, { timeout: 10_000 })
    .toMatchObject(config);
  const shown = await shownPayload(page);
  if (shown.config.localhostUrl === "") {
    // No address yet: no QR code (issue 28).
    expect(await page.getByRole("img", { name: T.qrLabel, exact: true }).count()).toBe(0);
    return;
  }
  expect(await scannedLink(page)).toBe(devLinkOf(shown.appKey, shown.config.localhostUrl));
}

/** Clicks the form's 'Change'; 'Updated successfully!' shows, then goes 3 s later. */
async function changeAndSeeSuccess(scope: Locator) {
  const clickedAt = Date.now();
  await scope.getByRole("button", { name: T.change, exact: true }).click();
  await expectVisible(success(scope));
  await expectHidden(success(scope), 10_000);
  // The 3 s start when the answer arrives, after the click: never sooner than 3 s after it.
  const gone = Date.now() - clickedAt;
  expect(gone).toBeGreaterThanOrEqual(3_000);
  expect(gone).toBeLessThan(8_000);
}

describe("test console", () => {
  it("changes each setting, keeps it, and puts it in the link of the QR code and what the dev app reads", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createConsoleProject(context, { name: "Phone Shop" });

    await page.goto(paths.test(project.keyApp));
    await expectVisible(heading(page));
    await expectProjectKey(page, project.keyApp);
    await expectVisible(page.getByText(T.sameNetworkSteps[0], { exact: true }));
    const links = page.getByRole("navigation", { name: "Test console links" });
    for (const [name, href] of [
      [T.home, paths.home],
      [T.feedback, paths.feedback],
      [T.docs, paths.docs],
    ] as const) {
      expect(await links.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
    }

    // First visit: the project's own bar and colour, and no invented address (issue 28): an
    // empty Localhost URL, and no QR code until there is one, which the card says.
    const navbar = form(page, T.navBarTypeLabel);
    const url = form(page, T.localhostUrlLabel);
    const color = form(page, T.statusBarLabel);
    expect(await navbar.getByLabel(T.navBarTypeLabel).inputValue()).toBe("footer");
    expect(await url.getByLabel(T.localhostUrlLabel).inputValue()).toBe("");
    expect(await url.getByLabel(T.localhostUrlLabel).getAttribute("placeholder")).toBe(
      T.localhostUrlPlaceholder,
    );
    expect(await color.getByLabel(T.statusBarLabel).inputValue()).toBe("#FFFFFF");
    const initial = await shownPayload(page);
    expect(initial).toEqual({
      v: 1,
      server: baseUrl(),
      appKey: project.keyApp,
      config: { navBarType: "footer", localhostUrl: "", statusBar: "#FFFFFF" },
    });
    await expectVisible(page.getByRole("note", { name: T.noQrTitle }));
    expect(await page.getByRole("img", { name: T.qrLabel, exact: true }).count()).toBe(0);
    // This server's public address is localhost, which a phone cannot reach: the card says
    // how to start it so that one can.
    expect(new URL(baseUrl()).hostname).toBe("localhost");
    const hint = page.getByRole("note", { name: PhoneAddressTexts.unreachableTitle });
    await expectVisible(hint);
    expect(await hint.textContent()).toContain("PUBLIC_URL=");

    // Each form on its own, each with its own message.
    await navbar.getByLabel(T.navBarTypeLabel).selectOption("header");
    await changeAndSeeSuccess(navbar);
    await expectPayloadConfig(page, { navBarType: "header" });

    await url.getByLabel(T.localhostUrlLabel).fill("http://192.168.1.42:5173");
    await url.getByRole("button", { name: T.change, exact: true }).click();
    await expectVisible(success(url));
    expect(await success(navbar).count()).toBe(0);
    await expectHidden(success(url), 8_000);
    await expectPayloadConfig(page, { localhostUrl: "http://192.168.1.42:5173" });
    // The QR code is the https link a phone's camera opens, also shown as text.
    const firstLink = devLinkOf(project.keyApp, "http://192.168.1.42:5173");
    await expectHidden(page.getByRole("note", { name: T.noQrTitle }));
    expect(await scannedLink(page)).toBe(firstLink);
    await expectVisible(page.getByText(firstLink, { exact: true }));
    // Beside the QR code, for people without a phone at hand.
    await expectVisible(page.getByText(baseUrl(), { exact: true }));
    await expectVisible(page.getByText(T.serverLabel, { exact: true }));

    await color.getByLabel(T.statusBarLabel).fill("#ff8800");
    await changeAndSeeSuccess(color);
    await expectPayloadConfig(page, {
      navBarType: "header",
      localhostUrl: "http://192.168.1.42:5173",
      statusBar: "#ff8800",
    });

    // The spec's rules hold in the forms: nothing is sent, nothing changes.
    const patches: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH") patches.push(request.url());
    });
    await color.getByLabel(T.statusBarLabel).fill("#12");
    await color.getByRole("button", { name: T.change, exact: true }).click();
    await expectVisible(color.getByText(T.invalidHex, { exact: true }));
    await url.getByLabel(T.localhostUrlLabel).fill("my computer");
    await url.getByRole("button", { name: T.change, exact: true }).click();
    await expectVisible(url.getByText(T.invalidUrl, { exact: true }));
    expect((await shownPayload(page)).config.statusBar).toBe("#ff8800");
    expect(patches).toEqual([]);

    // Stored: a reload shows the saved values, and the QR code still carries them.
    await page.reload();
    await expectVisible(heading(page));
    await expect
      .poll(() => form(page, T.statusBarLabel).getByLabel(T.statusBarLabel).inputValue())
      .toBe("#ff8800");
    expect(await form(page, T.navBarTypeLabel).getByLabel(T.navBarTypeLabel).inputValue()).toBe(
      "header",
    );
    expect(await form(page, T.localhostUrlLabel).getByLabel(T.localhostUrlLabel).inputValue()).toBe(
      "http://192.168.1.42:5173",
    );
    expect(await scannedLink(page)).toBe(devLinkOf(project.keyApp, "http://192.168.1.42:5173"));
    const stored = await shownPayload(page);
    expect(stored).toEqual({
      v: 1,
      server: baseUrl(),
      appKey: project.keyApp,
      config: {
        navBarType: "header",
        localhostUrl: "http://192.168.1.42:5173",
        statusBar: "#ff8800",
      },
    });

    // The dev app reads the settings for the link, without a key; the project's database key
    // reads exactly what the console details.
    const linked = await fetch(
      `${baseUrl()}/api/v1/dev-link/${encodeURIComponent(project.keyApp)}?url=${encodeURIComponent("http://192.168.1.42:5173")}`,
    );
    expect(await linked.json()).toMatchObject({
      appKey: project.keyApp,
      devUrl: "http://192.168.1.42:5173/",
      config: { navBarType: "header", statusBar: "#ff8800" },
    });
    const databaseKey = await revealDatabaseKey(context, project.id);
    const fromDevApp = await fetch(
      `${baseUrl()}/api/v1/dev-config/${encodeURIComponent(project.keyApp)}`,
      {
        headers: { authorization: `Bearer ${databaseKey}` },
      },
    );
    expect(fromDevApp.status).toBe(200);
    expect(await fromDevApp.json()).toEqual(stored);
    const withoutKey = await fetch(
      `${baseUrl()}/api/v1/dev-config/${encodeURIComponent(project.keyApp)}`,
    );
    expect(withoutKey.status).toBe(401);
  });

  it("says 'Update failed.' when a change cannot be saved, and keeps the stored value", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(401));
    const user = await createSignedInUser(context);
    const project = await createConsoleProject(context);
    await page.goto(paths.test(project.keyApp));
    await expectVisible(heading(page));
    const navbar = form(page, T.navBarTypeLabel);
    await expectVisible(navbar.getByLabel(T.navBarTypeLabel));

    // The session ends elsewhere (another tab signs out): the change is refused.
    const signOut = await context.request.post(`${baseUrl()}/api/auth/sign-out`, {
      headers: { origin: baseUrl() },
      data: {},
    });
    expect(signOut.ok()).toBe(true);
    await navbar.getByLabel(T.navBarTypeLabel).selectOption("none");
    await navbar.getByRole("button", { name: T.change, exact: true }).click();
    await expectVisible(navbar.getByText(T.updateFailed, { exact: true }));
    await expectVisible(page.getByText(GenericTexts.unauthenticated, { exact: true }));
    expect(await success(navbar).count()).toBe(0);
    // Only this form says so.
    expect(await page.getByText(T.updateFailed, { exact: true }).count()).toBe(1);

    // Signed in again: the stored configuration is unchanged.
    await signInContext(context, baseUrl(), user.email, user.password);
    await page.goto(paths.test(project.keyApp));
    await expectVisible(heading(page));
    await expectVisible(form(page, T.navBarTypeLabel).getByLabel(T.navBarTypeLabel));
    expect(await form(page, T.navBarTypeLabel).getByLabel(T.navBarTypeLabel).inputValue()).toBe(
      "footer",
    );
    expect((await shownPayload(page)).config.navBarType).toBe("footer");
  });

  it("lists the user's projects, highlights the active one and switches with mouse and keyboard", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const first = await createConsoleProject(context, { name: "First" });
    const second = await createConsoleProject(context, { name: "Second" });
    // Someone else's project is never listed.
    const other = await browser.newPage();
    await createSignedInUser(other.context);
    const foreign = await createConsoleProject(other.context);

    await page.goto(paths.test(first.keyApp));
    await expectVisible(heading(page));
    const trigger = page.getByRole("button", { name: T.projectsMenu, exact: true });
    await trigger.click();
    const items = page.getByRole("menuitemradio");
    await expectVisible(items.first());
    expect(await items.allTextContents()).toEqual([second.keyApp, first.keyApp]);
    expect(await page.getByRole("menuitemradio", { name: foreign.keyApp }).count()).toBe(0);
    const active = page.getByRole("menuitemradio", { name: first.keyApp, exact: true });
    expect(await active.getAttribute("aria-checked")).toBe("true");
    expect(
      await page
        .getByRole("menuitemradio", { name: second.keyApp, exact: true })
        .getAttribute("aria-checked"),
    ).toBe("false");

    await page.getByRole("menuitemradio", { name: second.keyApp, exact: true }).click();
    await expectPath(page, paths.test(second.keyApp));
    await expectProjectKey(page, second.keyApp);
    await expect.poll(async () => (await shownPayload(page)).appKey).toBe(second.keyApp);
    // No address was entered yet: no QR code, which the card says.
    await expectVisible(page.getByRole("note", { name: T.noQrTitle }));

    // Keyboard only: open the menu, move to the other project, choose it.
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expectVisible(page.getByRole("menu"));
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    // Opened by keyboard, the menu focuses its first item (the newest project); then ArrowDown.
    await expect.poll(focused).toBe(second.keyApp);
    await page.keyboard.press("ArrowDown");
    await expect.poll(focused).toBe(first.keyApp);
    await page.keyboard.press("Enter");
    await expectPath(page, paths.test(first.keyApp));
    await expectProjectKey(page, first.keyApp);
    // Focus goes back to the menu's button, not to the top of the page.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(T.projectsMenu);
  });

  it("shows another user's app code exactly like an unknown one", async () => {
    const owner = await browser.newPage();
    await createSignedInUser(owner.context);
    const project = await createConsoleProject(owner.context);

    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(404));
    await createSignedInUser(context);
    await page.goto(paths.test(project.keyApp));
    await expectVisible(heading(page));
    await expectVisible(page.getByText(T.projectNotFound, { exact: true }));
    expect(await page.getByRole("form").count()).toBe(0);
    expect(await page.getByRole("img", { name: T.qrLabel }).count()).toBe(0);
    expect(await page.getByText(project.keyApp).count()).toBe(0);

    await page.goto(paths.test(`${project.keyApp}-unknown`));
    await expectVisible(page.getByText(T.projectNotFound, { exact: true }));
    await page.getByRole("link", { name: T.backHome, exact: true }).click();
    await expectPath(page, paths.home);
  });
});
