import { paths } from "@hybridge/shared/common/paths";
import { FilesTexts, SvgRefusals } from "@hybridge/shared/files/texts";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectHidden, expectPath, expectVisible, pathOf } from "./support/assertions";
import { failedResource, useBrowser } from "./support/browser";
import { baseUrl } from "./support/env";
import {
  createProjectViaApi,
  jpegBytes,
  launchIconFile,
  notificationIconFile,
  pngBytes,
  svgText,
  uniqueAppCode,
} from "./support/projects";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });
const text = (page: Page, value: string) => page.getByText(value, { exact: true });
const databaseKey = (page: Page) => page.getByTestId("database-key");

async function fillNewApp(page: Page, code: string, name = "Journey App") {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("App code", { exact: true }).fill(code);
  await page.getByLabel("Description", { exact: true }).fill("An app made in the browser.");
  await page.getByLabel("Segment", { exact: true }).selectOption("travel");
}

describe("the owner's journey", () => {
  it("creates an app with both icons, sees its key once, updates every form, finds it on My Projects", async () => {
    const { page, context } = await browser.newPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    await createSignedInUser(context);

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
    expect(key).toMatch(/^[A-Za-z0-9]{50}$/);
    await expectVisible(
      page.getByText(`npm create hybridge@latest my-app -- --key ${code}`, { exact: true }),
    );
    await expectVisible(page.getByText(`HYBRIDGE_DATABASE_KEY=${key}`, { exact: true }));
    expect(
      await page.getByRole("link", { name: "Open the test console" }).getAttribute("href"),
    ).toBe(paths.test(code));

    const keyBlock = page.getByRole("region", { name: "Database key" });
    await keyBlock.getByRole("button", { name: /Copy/ }).click();
    await expectVisible(keyBlock.getByText(ProjectsTexts.copied, { exact: true }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // The label comes back after 2 s.
    await expectVisible(keyBlock.getByText(ProjectsTexts.copy, { exact: true }), 5_000);

    // A second view shows the key masked, and offers a new one.
    await page.reload();
    await expectVisible(text(page, ProjectsTexts.keyHidden));
    const masked = (await databaseKey(page).textContent()) ?? "";
    expect(masked).toBe(`${key.slice(0, 17)}${"•".repeat(33)}`);
    await expectHidden(text(page, ProjectsTexts.shownOnce));

    await page.getByRole("button", { name: ProjectsTexts.regenerate }).click();
    const confirm = page.getByRole("alertdialog", { name: ProjectsTexts.regenerateTitle });
    await expectVisible(confirm);
    await confirm.getByRole("button", { name: ProjectsTexts.regenerateConfirm }).click();
    await expectVisible(text(page, ProjectsTexts.regenerated));
    await expect
      .poll(async () => (await databaseKey(page).textContent()) ?? "")
      .toMatch(/^[A-Za-z0-9]{50}$/);
    expect(await databaseKey(page).textContent()).not.toBe(key);

    // Update, one small form at a time, each with its own status message.
    await page.goto(paths.updateProject(projectId));
    await expectVisible(heading(page, ProjectsTexts.updateTitle));
    const formNamed = (name: string) => page.getByRole("form", { name, exact: true });

    const name = formNamed("Name");
    await name.getByLabel("App name").fill("Renamed App");
    await name.getByRole("button", { name: "Update name" }).click();
    await expectVisible(name.getByText(ProjectsTexts.updated.name));

    const description = formNamed("Description");
    await description.getByLabel("App description").fill("   ");
    await description.getByRole("button", { name: "Update description" }).click();
    await expectVisible(description.getByText(ProjectsTexts.descriptionEmpty));
    await description.getByLabel("App description").fill("  A better description.  ");
    await description.getByRole("button", { name: "Update description" }).click();
    await expectVisible(description.getByText(ProjectsTexts.updated.description));

    const segment = formNamed("Segment");
    await segment.getByLabel("App segment").selectOption("sports");
    await segment.getByRole("button", { name: "Update segment" }).click();
    await expectVisible(segment.getByText(ProjectsTexts.updated.segment));

    const theme = formNamed("Theme color");
    await theme.getByLabel("New theme color").fill("not-a-colour");
    await theme.getByRole("button", { name: "Update theme color" }).click();
    await expectVisible(theme.getByText(ProjectsTexts.invalidHex));
    await theme.getByLabel("New theme color").fill("#123ABC");
    await theme.getByRole("button", { name: "Update theme color" }).click();
    await expectVisible(theme.getByText(ProjectsTexts.updated.color));

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

    const notification = formNamed("Notification icon");
    await notification.getByLabel("New notification icon").setInputFiles(notificationIconFile());
    await notification.getByRole("button", { name: "Update notification icon" }).click();
    await expectVisible(notification.getByText(ProjectsTexts.updated.notification));

    // My Projects: the card, its age, and its code with the filter icon.
    await page.goto(paths.home);
    await expectVisible(heading(page, ProjectsTexts.homeTitle));
    const card = page.getByRole("listitem").filter({ hasText: "Renamed App" });
    await expectVisible(card);
    await expectVisible(card.getByText(/^Since \d+ (seconds?|minutes?) ago$/));
    await expectVisible(card.getByText(code, { exact: true }));
    expect(await card.locator('svg[data-icon="filter"]').count()).toBe(1);
    // The new icon is served to its owner.
    const icon = card.locator("img").first();
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
    await card.getByRole("link", { name: /^Open/ }).click();
    await expectPath(page, paths.project(projectId));
  });
});

describe("new app rules in the browser", () => {
  it("strips spaces as typed, says when a code is taken, and checks icons on pick", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const taken = await createProjectViaApi(context);

    await page.goto(paths.newProject);
    const codeInput = page.getByLabel("App code", { exact: true });
    await codeInput.pressSequentially("my app code");
    expect(await codeInput.inputValue()).toBe("myappcode");
    await codeInput.fill(taken.keyApp);
    await expectVisible(page.getByRole("alert").filter({ hasText: ProjectsTexts.codeTaken }));

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
    expect(await databaseKey(owner.page).textContent()).toMatch(/^[A-Za-z0-9]{50}$/);
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
    expect(await bar.getByRole("link", { name: "Console" }).getAttribute("href")).toBe(paths.home);
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
    await page.keyboard.press("ArrowDown");
    await menu.getByRole("menuitem", { name: "Support" }).click();
    await expectPath(page, paths.docs);
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
