import { randomUUID } from "node:crypto";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { paths } from "@hybridge/shared/common/paths";
import { CopyTexts } from "@hybridge/shared/common/texts";
import { FilesTexts, SvgRefusals } from "@hybridge/shared/files/texts";
import { createAppCommand } from "@hybridge/shared/projects/install-command";
import { DATABASE_KEY_PATTERN, maskDatabaseKey } from "@hybridge/shared/projects/schemas";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectHidden, expectPath, expectVisible, pathOf } from "./support/assertions";
import { apiError, failedResource, refuseCopying, useBrowser } from "./support/browser";
import { baseUrl } from "./support/env";
import {
  createProjectViaApi,
  jpegBytes,
  launchIconFile,
  notificationIconFile,
  pngBytes,
  reportInstall,
  svgText,
  uniqueAppCode,
} from "./support/projects";
import { createModuleViaApi } from "./support/store";
import { revealDatabaseKey } from "./support/test-console";
import { createSignedInUser, signInContext } from "./support/users";

const browser = useBrowser();

const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });
const text = (page: Page, value: string) => page.getByText(value, { exact: true });
const databaseKey = (page: Page) => page.getByTestId("database-key");
const card = (page: Page, platform: BuildPlatform) =>
  page.getByRole("region", { name: BuildsTexts.cardTitle(platform), exact: true });
/** The console bar's logo link (docs/ui-contract.md). */
const CONSOLE_LOGO = "Hybridge Console";
const PUBLISHED_ON = /^Published on [A-Z][a-z]+ \d{1,2}, \d{4}$/;
/** How soon after the publish answer another open project page must show it (issue 4). */
const LIVE_WITHIN_MS = 1_200;
/** The install count a home card shows for a platform ("Apple" or "Android"). */
const installCount = (card: Locator, platform: "Apple" | "Android") =>
  card.locator(`dt:text-is("${platform}") + dd`).textContent();

async function fillNewApp(page: Page, code: string, name = "Journey App") {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel(ProjectsTexts.appCodeLabel, { exact: true }).fill(code);
  await page.getByLabel("Description", { exact: true }).fill("An app made in the browser.");
  await page.getByLabel("Segment", { exact: true }).selectOption("travel");
}

describe("the owner's journey", () => {
  it("creates an app with both icons, sees its key once, updates every form, requests both builds, publishes one from /build and sees it live in another tab", async () => {
    const { page, context } = await browser.newPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    const user = await createSignedInUser(context);

    // New app, with both icons; the answer is held back so the busy state can be seen.
    await page.goto(paths.newProject);
    await expectVisible(heading(page, ProjectsTexts.newTitle));
    const code = uniqueAppCode();
    await fillNewApp(page, code);
    expect(await page.getByLabel("Navigation bar", { exact: true }).inputValue()).toBe("footer");
    expect(await page.getByLabel("Theme color", { exact: true }).inputValue()).toBe("#0E904D");
    expect(await page.getByLabel("Status bar color", { exact: true }).inputValue()).toBe("#FFFFFF");
    await page.getByLabel("Launch icon", { exact: true }).setInputFiles(launchIconFile());
    await page
      .getByLabel("Notification icon", { exact: true })
      .setInputFiles(notificationIconFile());
    await expectVisible(text(page, ProjectsTexts.codeAvailable));

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/projects", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: ProjectsTexts.createSubmit, exact: true }).click();
    await expectVisible(page.getByRole("button", { name: ProjectsTexts.createBusy, exact: true }));
    await expectVisible(page.getByRole("progressbar"));
    release();

    // Settings: the database key, in full, this once.
    await expectVisible(text(page, ProjectsTexts.created));
    await expect.poll(() => pathOf(page)).toMatch(/^\/settings\/[A-Za-z0-9]{101}$/);
    const projectId = pathOf(page).split("/").at(-1) as string;
    await expectVisible(heading(page, ProjectsTexts.settingsTitle));
    await expectVisible(text(page, ProjectsTexts.shownOnce));
    const key = (await databaseKey(page).textContent()) ?? "";
    expect(key).toMatch(DATABASE_KEY_PATTERN);
    await expectVisible(page.getByText(createAppCommand(baseUrl(), code), { exact: true }));
    await expectVisible(page.getByText(`HYBRIDGE_DATABASE_KEY=${key}`, { exact: true }));
    expect(
      await page.getByRole("link", { name: "Open the test console" }).getAttribute("href"),
    ).toBe(paths.test(code));

    // The same owner keeps the project page open in another browser, never reloaded, from
    // now to the end: every change below reaches it live.
    const watcher = await browser.newPage();
    await signInContext(watcher.context, baseUrl(), user.email, user.password);
    await watcher.page.goto(paths.project(projectId));
    await expectVisible(heading(watcher.page, "Journey App"));
    const watchedApple = card(watcher.page, "apple");
    const watchedAndroid = card(watcher.page, "android");
    await expectVisible(watchedApple.getByText(BuildsTexts.noRelease, { exact: true }));
    await expectVisible(watchedAndroid.getByText(BuildsTexts.noRelease, { exact: true }));
    await watcher.page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    const keyBlock = page.getByRole("region", { name: ProjectsTexts.databaseKeyTitle });
    await keyBlock.getByRole("button", { name: /Copy/ }).click();
    await expectVisible(keyBlock.getByText(CopyTexts.copied, { exact: true }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // The label comes back after 2 s.
    await expectVisible(keyBlock.getByText(CopyTexts.copy, { exact: true }), 5_000);

    // A second view shows the key masked, and offers a new one.
    await page.reload();
    await expectVisible(text(page, ProjectsTexts.keyHidden));
    const masked = (await databaseKey(page).textContent()) ?? "";
    expect(masked).toBe(maskDatabaseKey(key.slice(0, 12)));
    expect(masked.startsWith("hb_test_")).toBe(true);
    await expectHidden(text(page, ProjectsTexts.shownOnce));

    await page.getByRole("button", { name: ProjectsTexts.regenerate }).click();
    const confirm = page.getByRole("alertdialog", { name: ProjectsTexts.regenerateTitle });
    await expectVisible(confirm);
    await confirm.getByRole("button", { name: ProjectsTexts.regenerateConfirm }).click();
    await expectVisible(text(page, ProjectsTexts.regenerated));
    await expect
      .poll(async () => (await databaseKey(page).textContent()) ?? "")
      .toMatch(DATABASE_KEY_PATTERN);
    const newKey = (await databaseKey(page).textContent()) ?? "";
    expect(newKey).not.toBe(key);

    // Update, one small form at a time, each with its own status message.
    await page.goto(paths.updateProject(projectId));
    await expectVisible(heading(page, ProjectsTexts.updateTitle));
    const formNamed = (name: string) => page.getByRole("form", { name, exact: true });

    const name = formNamed("Name");
    await name.getByLabel("App name").fill("Renamed App");
    await name.getByRole("button", { name: "Update name" }).click();
    await expectVisible(name.getByText(ProjectsTexts.updated.name));
    // A later attempt that fails never shows the last success beside its error.
    await name.getByLabel("App name").fill("");
    await name.getByRole("button", { name: "Update name" }).click();
    await expectVisible(name.getByText(ProjectsTexts.nameRequired));
    await expectHidden(name.getByText(ProjectsTexts.updated.name));

    const description = formNamed("Description");
    const descriptionBox = description.getByLabel("App description");
    await descriptionBox.fill("   ");
    await description.getByRole("button", { name: "Update description" }).click();
    await expectVisible(description.getByText(ProjectsTexts.descriptionEmpty));
    await descriptionBox.fill("  A better description.  ");
    await description.getByRole("button", { name: "Update description" }).click();
    await expectVisible(description.getByText(ProjectsTexts.updated.description));
    await expectHidden(description.getByText(ProjectsTexts.descriptionEmpty));
    // The box shows what was stored: trimmed.
    await expect.poll(() => descriptionBox.inputValue()).toBe("A better description.");

    const segment = formNamed("Segment");
    await segment.getByLabel("App segment").selectOption("sports");
    await segment.getByRole("button", { name: "Update segment" }).click();
    await expectVisible(segment.getByText(ProjectsTexts.updated.segment));

    const theme = formNamed("Theme color");
    await theme.getByLabel("New theme color").fill("not-a-colour");
    await theme.getByRole("button", { name: "Update theme color" }).click();
    await expectVisible(theme.getByText(ProjectsTexts.invalidHex));
    await theme.getByLabel("New theme color").fill(" #123ABC ");
    await theme.getByRole("button", { name: "Update theme color" }).click();
    await expectVisible(theme.getByText(ProjectsTexts.updated.color));
    await expect.poll(() => theme.getByLabel("New theme color").inputValue()).toBe("#123ABC");
    await theme.getByLabel("New theme color").fill("#12");
    await theme.getByRole("button", { name: "Update theme color" }).click();
    await expectVisible(theme.getByText(ProjectsTexts.invalidHex));
    await expectHidden(theme.getByText(ProjectsTexts.updated.color));

    const statusbar = formNamed("Status bar color");
    await statusbar.getByLabel("New status bar color").fill("#000");
    await statusbar.getByRole("button", { name: "Update status bar color" }).click();
    await expectVisible(statusbar.getByText(ProjectsTexts.updated.statusbar));

    const launch = formNamed("Launch icon");
    await launch.getByRole("button", { name: "Update launch icon" }).click();
    await expectVisible(launch.getByText(FilesTexts.fieldMustHaveFile));
    await launch.getByLabel("New launch icon").setInputFiles(launchIconFile());
    await launch.getByRole("button", { name: "Update launch icon" }).click();
    await expectVisible(launch.getByText(ProjectsTexts.updated.launch));
    await expectHidden(launch.getByText(FilesTexts.fieldMustHaveFile));

    const notification = formNamed("Notification icon");
    await notification.getByLabel("New notification icon").setInputFiles(notificationIconFile());
    await notification.getByRole("button", { name: "Update notification icon" }).click();
    await expectVisible(notification.getByText(ProjectsTexts.updated.notification));

    // My Projects: the card, its age, and its code with the filter icon (not live yet).
    await page.goto(paths.home);
    await expectVisible(heading(page, ProjectsTexts.homeTitle));
    const homeCard = page.getByRole("listitem").filter({ hasText: "Renamed App" });
    await expectVisible(homeCard);
    await expectVisible(homeCard.getByText(/^Since \d+ (seconds?|minutes?) ago$/));
    await expectVisible(homeCard.getByText(code, { exact: true }));
    expect(await homeCard.locator('svg[data-icon="filter"]').count()).toBe(1);
    // The new icon is served to its owner.
    const icon = homeCard.locator("img").first();
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
    await homeCard.getByRole("link", { name: /^Open/ }).click();
    await expectPath(page, paths.project(projectId));

    // The project page: request an Android and an Apple build.
    await expectVisible(heading(page, "Renamed App"));
    const android = card(page, "android");
    const apple = card(page, "apple");
    const waitingForMac = /^Waiting for a macOS build machine \(position \d+ in the queue\)$/;
    await android
      .getByRole("button", { name: BuildsTexts.requestBuild("android"), exact: true })
      .click();
    await expectVisible(text(page, BuildsTexts.buildStarted("android")));
    await apple
      .getByRole("button", { name: BuildsTexts.requestBuild("apple"), exact: true })
      .click();
    // No Mac is connected: the card says so before queueing, and queues on "Queue anyway".
    await expectVisible(
      page
        .getByRole("alertdialog")
        .getByText(BuildsTexts.noBuilderWarning("apple"), { exact: true }),
    );
    await page.getByRole("button", { name: BuildsTexts.queueAnyway, exact: true }).click();
    await expectVisible(text(page, BuildsTexts.buildStarted("apple")));
    await expectVisible(apple.getByText(waitingForMac));
    // The server's build machine builds the Android app; the other browser sees it, live.
    await expectVisible(android.getByText(BuildsTexts.readyToPublish, { exact: true }), 90_000);
    await expectVisible(watchedAndroid.getByText(BuildsTexts.readyToPublish, { exact: true }));
    await expectVisible(watchedApple.getByText(waitingForMac));

    // Publish the Android build from the builds history.
    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "Builds" })
      .click();
    await expectPath(page, paths.build);
    const row = page
      .getByRole("tabpanel", { name: "Android" })
      .getByRole("listitem")
      .filter({ hasText: "Renamed App" });
    await expectVisible(row.getByText("Ready", { exact: true }));
    expect(await row.textContent()).toContain(BuildsTexts.version(1));
    await row.getByRole("button", { name: /^Publish/ }).click();
    const dialog = page.getByRole("alertdialog");
    await expectVisible(dialog.getByText(BuildsTexts.publishConfirm("android"), { exact: true }));
    const published = page.waitForResponse(
      (response) => response.url().includes("/publish") && response.request().method() === "POST",
    );
    await dialog.getByRole("button", { name: BuildsTexts.publish, exact: true }).click();
    expect((await published).status()).toBe(200);
    const answeredAt = Date.now();
    await expectVisible(row.getByText("Published", { exact: true }));

    // The watching page shows the release within moments of the answer, without a reload.
    await expectVisible(
      watchedAndroid.getByText(BuildsTexts.version(1), { exact: true }),
      Math.max(1, LIVE_WITHIN_MS - (Date.now() - answeredAt)),
    );
    expect(Date.now() - answeredAt).toBeLessThanOrEqual(LIVE_WITHIN_MS);
    await expectVisible(watchedAndroid.getByText(PUBLISHED_ON));
    await expectVisible(watchedApple.getByText(waitingForMac));
    expect(
      await watcher.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);

    // Now live, the home card counts installs per platform (0 until the apps report some).
    await page.goto(paths.home);
    const liveCard = page.getByRole("listitem").filter({ hasText: "Renamed App" });
    await expectVisible(liveCard.locator('dt:text-is("Apple") + dd'));
    expect(await installCount(liveCard, "Apple")).toBe("0");
    expect(await installCount(liveCard, "Android")).toBe("0");
    expect(await liveCard.locator('svg[data-icon="filter"]').count()).toBe(0);
    // Three devices report with the project's current key; one reports twice, counted once.
    const phone = randomUUID();
    for (const [platform, installId, counted] of [
      ["android", phone, true],
      ["android", randomUUID(), true],
      ["apple", randomUUID(), true],
      ["android", phone, false],
    ] as const) {
      const answer = await reportInstall({
        appKey: code,
        databaseKey: newKey,
        platform,
        installId,
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ counted });
    }
    // The key replaced earlier counts nothing.
    const stale = await reportInstall({
      appKey: code,
      databaseKey: key,
      platform: "apple",
      installId: randomUUID(),
    });
    expect(stale.status).toBe(401);
    await page.reload();
    await expect.poll(() => installCount(liveCard, "Android")).toBe("2");
    expect(await installCount(liveCard, "Apple")).toBe("1");
  }, 150_000);
});

describe("new app rules in the browser", () => {
  it("strips spaces as typed, says when a code is taken, and checks icons on pick", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const taken = await createProjectViaApi(context);

    await page.goto(paths.newProject);
    const codeInput = page.getByLabel(ProjectsTexts.appCodeLabel, { exact: true });
    await codeInput.pressSequentially("my app code");
    expect(await codeInput.inputValue()).toBe("myappcode");
    await codeInput.fill(taken.keyApp);
    await expectVisible(page.getByRole("alert").filter({ hasText: ProjectsTexts.codeTaken }));
    // Passing through Description and Segment marks neither as missing: only a submit does.
    await page.getByLabel(ProjectsTexts.descriptionLabel, { exact: true }).click();
    await page.getByLabel(ProjectsTexts.segmentLabel, { exact: true }).focus();
    await page.keyboard.press("Tab");
    for (const label of [ProjectsTexts.descriptionLabel, ProjectsTexts.segmentLabel]) {
      expect(
        await page.getByLabel(label, { exact: true }).getAttribute("aria-invalid"),
        label,
      ).toBeNull();
    }
    expect(await text(page, ProjectsTexts.descriptionRequired).count()).toBe(0);
    expect(await text(page, ProjectsTexts.segmentRequired).count()).toBe(0);

    const launch = page.getByLabel("Launch icon", { exact: true });
    await launch.setInputFiles(launchIconFile(511, 512));
    await expectVisible(text(page, FilesTexts.launchIconSize));
    await launch.setInputFiles({
      name: "icon.gif",
      mimeType: "image/gif",
      buffer: pngBytes(512, 512),
    });
    await expectVisible(text(page, FilesTexts.invalidType([".png", ".jpg", ".jpeg"])));

    const bell = page.getByLabel("Notification icon", { exact: true });
    await bell.setInputFiles({
      name: "bell.svg",
      mimeType: "image/svg+xml",
      buffer: pngBytes(48, 48),
    });
    await expectVisible(text(page, FilesTexts.notSvg));
    await bell.setInputFiles(notificationIconFile(svgText({ inner: "<script>alert(1)</script>" })));
    await expectVisible(text(page, FilesTexts.svgRefused(SvgRefusals.script)));
  });

  it("keeps a pasted app code whole: the 90-character limit counts after the spaces go", async () => {
    const { page, context } = await browser.newPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    await createSignedInUser(context);
    await page.goto(paths.newProject);
    const codeInput = page.getByLabel(ProjectsTexts.appCodeLabel, { exact: true });

    // 99 characters, 11 of them spaces: 88 once stripped.
    const words = Array.from({ length: 12 }, (_, i) => `w${i}${"x".repeat(5)}`);
    const pasted = words.join(" ").padEnd(99, "y");
    expect(pasted).toHaveLength(99);
    const stripped = pasted.replace(/\s+/g, "");
    expect(stripped).toHaveLength(88);
    const paste = async (value: string) => {
      await codeInput.fill("");
      await page.evaluate((clip) => navigator.clipboard.writeText(clip), value);
      await codeInput.focus();
      await page.keyboard.press("ControlOrMeta+V");
    };
    await paste(pasted);
    await expect.poll(() => codeInput.inputValue()).toBe(stripped);
    await expectVisible(text(page, ProjectsTexts.codeAvailable));

    // 91 characters after stripping: the limit is said at once, and again on submit.
    await paste(`${stripped}abc`);
    await expect.poll(() => codeInput.inputValue()).toBe(`${stripped}abc`);
    await expectVisible(text(page, ProjectsTexts.codeTooLong(90)));
    await page.getByRole("button", { name: ProjectsTexts.createSubmit, exact: true }).click();
    await expectVisible(text(page, ProjectsTexts.codeTooLong(90)));
    expect(pathOf(page)).toBe(paths.newProject);
  });

  it("refuses on pick what only looks like an icon: XHTML in an SVG, a PNG header before HTML", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.newProject);

    const bell = page.getByLabel("Notification icon", { exact: true });
    await bell.setInputFiles(
      notificationIconFile(
        svgText({
          inner:
            '<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"/>',
        }),
      ),
    );
    await expectVisible(text(page, FilesTexts.svgRefused(SvgRefusals.foreignElement("h:iframe"))));
    // A clean SVG clears the message.
    await bell.setInputFiles(notificationIconFile());
    await expectHidden(text(page, FilesTexts.svgRefused(SvgRefusals.foreignElement("h:iframe"))));

    const launch = page.getByLabel("Launch icon", { exact: true });
    await launch.setInputFiles({
      name: "icon.png",
      mimeType: "image/png",
      buffer: Buffer.concat([pngBytes(512, 512).subarray(0, 33), Buffer.from("<html><script>")]),
    });
    await expectVisible(text(page, FilesTexts.notRaster));
    await launch.setInputFiles({
      name: "icon.jpg",
      mimeType: "image/jpeg",
      buffer: jpegBytes(512, 512),
    });
    await expectHidden(text(page, FilesTexts.notRaster));
  });

  it("shows each required field's message and refuses a bad colour", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.newProject);
    await page.getByLabel("Theme color", { exact: true }).fill("#12");
    await page.getByRole("button", { name: ProjectsTexts.createSubmit, exact: true }).click();
    for (const message of [
      ProjectsTexts.nameRequired,
      ProjectsTexts.codeRequired,
      ProjectsTexts.descriptionRequired,
      ProjectsTexts.segmentRequired,
      ProjectsTexts.invalidHex,
    ]) {
      await expectVisible(text(page, message));
    }
    expect(pathOf(page)).toBe(paths.newProject);
  });

  it("tells a visitor to log in to create an app", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.newProject);
    await expectVisible(text(page, ProjectsTexts.mustBeLoggedInToCreate));
  });
});

describe("settings, after the key was shown", () => {
  it("selects the key for copying by hand, and says so, when the browser refuses to copy", async () => {
    const { page, context } = await browser.newPage();
    await refuseCopying(context);
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    await page.goto(paths.settings(project.id));
    const key = (await databaseKey(page).textContent()) ?? "";
    expect(key).not.toBe("");

    const keyBlock = page.getByRole("region", { name: ProjectsTexts.databaseKeyTitle });
    await keyBlock.getByRole("button", { name: /Copy/ }).click();
    await expectVisible(page.getByRole("status").filter({ hasText: CopyTexts.copyByHand }));
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(key);
  });

  it("leads from the project page to 'Generate a new key', and explains the Application ID", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    // The key was shown once, then lost.
    await revealDatabaseKey(context, project.id);

    await page.goto(paths.project(project.id));
    await expectVisible(text(page, BuildsTexts.settingsHint));
    const settings = page.getByRole("link", { name: BuildsTexts.settings, exact: true });
    expect(await settings.getAttribute("href")).toBe(paths.settings(project.id));
    await settings.click();
    await expectPath(page, paths.settings(project.id));
    await expectVisible(text(page, ProjectsTexts.keyHidden));
    await expectVisible(page.getByRole("button", { name: ProjectsTexts.regenerate }));

    // The Application ID says what it is, and stays folded until asked for.
    const appId = page.getByRole("region", { name: ProjectsTexts.appIdTitle, exact: true });
    await expectVisible(appId.getByText(ProjectsTexts.appIdExplanation, { exact: true }));
    await expectHidden(appId.getByTestId("app-id"));
    await appId.getByText(ProjectsTexts.appIdShow, { exact: true }).click();
    await expectVisible(appId.getByTestId("app-id"));
    expect(await appId.getByTestId("app-id").textContent()).toMatch(/^v1\.[\w-]{150,}$/);
  });
});

describe("ownership", () => {
  it("sends an unknown or foreign settings page to /new-project", async () => {
    const owner = await browser.newPage();
    await createSignedInUser(owner.context);
    const project = await createProjectViaApi(owner.context);

    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(404));
    await createSignedInUser(context);
    await page.goto(paths.settings(project.id));
    await expectVisible(text(page, ProjectsTexts.settingsNotFound));
    await expectPath(page, paths.newProject);

    // The stranger's visit revealed nothing: the owner still sees the key once.
    await owner.page.goto(paths.settings(project.id));
    await expectVisible(text(owner.page, ProjectsTexts.shownOnce));
    expect(await databaseKey(owner.page).textContent()).toMatch(DATABASE_KEY_PATTERN);
  });

  it("answers 'Invalid project ID.' on another user's update page, 'You are not connected.' signed out", async () => {
    const owner = await browser.newPage();
    await createSignedInUser(owner.context);
    const project = await createProjectViaApi(owner.context);

    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(404));
    await createSignedInUser(context);
    await page.goto(paths.updateProject(project.id));
    await expectVisible(
      page.getByRole("alert").filter({ hasText: ProjectsTexts.invalidProjectId }),
    );

    const visitor = await browser.newPage();
    await visitor.page.goto(paths.updateProject(project.id));
    await expectVisible(text(visitor.page, ProjectsTexts.notConnected));
  });
});

describe("My Projects", () => {
  it("shows the empty state, the console bar and its menu", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.home);
    await expectVisible(text(page, ProjectsTexts.empty));

    const bar = page.getByRole("navigation", { name: "Console" });
    expect(
      await bar.getByRole("link", { name: CONSOLE_LOGO, exact: true }).getAttribute("href"),
    ).toBe(paths.home);
    expect(await bar.getByRole("link", { name: ProjectsTexts.addApp }).getAttribute("href")).toBe(
      paths.newProject,
    );
    expect(await bar.getByRole("link", { name: "Builds" }).getAttribute("href")).toBe(paths.build);
    expect(await bar.getByRole("link", { name: "Module store" }).getAttribute("href")).toBe(
      paths.store,
    );
    await bar.getByRole("button", { name: "User menu" }).click();
    const menu = page.getByRole("menu");
    await expectVisible(menu);
    for (const [label, path] of [
      ["Support", paths.docs],
      ["Feedback", paths.feedback],
      ["Account", paths.leave],
    ] as const) {
      expect(await menu.getByRole("menuitem", { name: label }).getAttribute("href")).toBe(path);
    }
    // The early adopters are for admins only (e2e/community.spec.ts).
    expect(await menu.getByRole("menuitem").count()).toBe(3);
    await page.keyboard.press("ArrowDown");
    await menu.getByRole("menuitem", { name: "Support" }).click();
    await expectPath(page, paths.docs);
  });

  it("says when the list cannot be loaded, logs it, and loads it again on Retry", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(500), /Could not load the projects/);
    await createSignedInUser(context);
    await createProjectViaApi(context, { name: "Comes back" });
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    const failing = (url: URL) => url.pathname === "/api/projects";
    await page.route(failing, (route) =>
      route.fulfill(apiError(500, "INTERNAL", "Something went wrong.")),
    );
    await page.goto(paths.home);
    // Server errors are retried twice before the page gives up.
    await expectVisible(
      page.getByRole("alert").filter({ hasText: ProjectsTexts.listLoadFailed }),
      15_000,
    );
    expect(logged.some((line) => line.includes("Could not load the projects"))).toBe(true);

    await page.unroute(failing);
    await page.getByRole("button", { name: ProjectsTexts.retry, exact: true }).click();
    await expectVisible(page.getByRole("listitem").filter({ hasText: "Comes back" }));
    await expectHidden(page.getByText(ProjectsTexts.listLoadFailed));
  });

  it("lists projects newest first", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await createProjectViaApi(context, { name: "Older" });
    await createProjectViaApi(context, { name: "Newer" });
    await page.goto(paths.home);
    const names = page.getByRole("listitem").getByRole("heading", { level: 2 });
    await expect.poll(() => names.allTextContents()).toEqual(["Newer", "Older"]);
  });
});

describe("the console layout", () => {
  it("gives every console page one top bar that fits a 360 px screen", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    const module = await createModuleViaApi(context);
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of [
      paths.home,
      paths.project(project.id),
      paths.settings(project.id),
      paths.updateProject(project.id),
      paths.newProject,
      paths.build,
      paths.store,
      paths.storeModule(module.id),
      paths.addModule,
      paths.test(project.keyApp),
    ]) {
      await page.goto(path);
      await expectVisible(page.getByRole("heading", { level: 1 }));
      const bar = page.getByRole("banner").getByRole("navigation", { name: "Console" });
      await expectVisible(bar);
      expect(await page.getByRole("banner").count(), path).toBe(1);
      expect(
        await bar.getByRole("link", { name: CONSOLE_LOGO, exact: true }).getAttribute("href"),
        path,
      ).toBe(paths.home);
      // The site's own bar is gone: no second logo to /, no second avatar.
      expect(await page.getByRole("link", { name: "Contact us" }).count(), path).toBe(0);
      expect(await page.getByRole("button", { name: "User menu" }).count(), path).toBe(1);
      for (const name of ["Builds", "Module store", ProjectsTexts.addApp]) {
        await expectVisible(bar.getByRole("link", { name, exact: true }));
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBe(0);
    }
  });

  it("works from the keyboard, and gives /build and /settings a Back link", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);

    await page.goto(paths.build);
    await page.getByRole("link", { name: BuildsTexts.back, exact: true }).click();
    await expectPath(page, paths.home);

    await page.goto(paths.settings(project.id));
    await expectVisible(heading(page, ProjectsTexts.settingsTitle));
    await page.getByRole("main").getByRole("link", { name: "Back", exact: true }).click();
    await expectPath(page, paths.project(project.id));

    // Tab reaches the bar's links, then the user menu; Enter opens it, arrows move, Enter goes.
    const bar = page.getByRole("navigation", { name: "Console" });
    await bar.getByRole("link", { name: CONSOLE_LOGO, exact: true }).focus();
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.textContent?.trim() || el?.getAttribute("aria-label") || "";
      });
    const reached: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      reached.push(await focusedName());
    }
    expect(reached.slice(0, 3)).toEqual(["Builds", "Module store", ProjectsTexts.addApp]);
    expect(reached[3]).toContain("User menu");
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expectVisible(menu);
    // Opened by keyboard, the menu focuses its first item; arrows count from there.
    await expect.poll(focusedName).toBe("Support");
    await page.keyboard.press("ArrowDown");
    await expect.poll(focusedName).toBe("Feedback");
    await page.keyboard.press("Enter");
    await expectPath(page, paths.feedback);
  });

  it("offers Sign In to a signed-out visitor of an unguarded console page", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.project("some-project"));
    const bar = page.getByRole("navigation", { name: "Console" });
    expect(await bar.getByRole("link", { name: "Sign In", exact: true }).getAttribute("href")).toBe(
      paths.login,
    );
    expect(await bar.getByRole("button", { name: "User menu" }).count()).toBe(0);
    expect(
      await bar.getByRole("link", { name: CONSOLE_LOGO, exact: true }).getAttribute("href"),
    ).toBe(paths.home);
  });
});
