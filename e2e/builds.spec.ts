import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { paths } from "@hybridge/shared/common/paths";
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectHidden, expectVisible } from "./support/assertions";
import { apiError, failedResource, useBrowser } from "./support/browser";
import { createProjectViaApi } from "./support/builds";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });
const card = (page: Page, store: "App Store" | "Google Play") =>
  page.getByRole("region", { name: store, exact: true });
const text = (page: Page, value: string) => page.getByText(value, { exact: true });
/** A server failure as the API answers it. */
const serverError = apiError(500, "INTERNAL", "Something went wrong.");
const PUBLISHED_ON = /^Published on [A-Z][a-z]+ \d{1,2}, \d{4}$/;

/** Records the requests whose URL contains `fragment`. */
function watchRequests(page: Page, fragment: string) {
  const seen: string[] = [];
  page.on("request", (request: Request) => {
    if (request.url().includes(fragment)) seen.push(request.url());
  });
  return seen;
}

describe("project page and builds", () => {
  it("requests builds, publishes one from /build and shows it live on an open project page", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);

    await page.goto(paths.project(project.id));
    await expectVisible(heading(page, project.name));
    const apple = card(page, "App Store");
    const android = card(page, "Google Play");
    await expectVisible(apple.getByText(BuildsTexts.noRelease, { exact: true }));
    await expectVisible(android.getByText(BuildsTexts.noRelease, { exact: true }));
    expect(await page.getByRole("link", { name: "Update", exact: true }).getAttribute("href")).toBe(
      paths.updateProject(project.id),
    );
    expect(await page.getByRole("link", { name: "Test", exact: true }).getAttribute("href")).toBe(
      paths.test(project.keyApp),
    );
    expect(await page.getByRole("link", { name: "Back", exact: true }).getAttribute("href")).toBe(
      paths.home,
    );

    await android.getByRole("button", { name: "Publish", exact: true }).click();
    await expectVisible(text(page, BuildsTexts.buildStarted("android")));
    await expectVisible(android.getByText(BuildsTexts.buildInProgress, { exact: true }));
    await apple.getByRole("button", { name: "Publish", exact: true }).click();
    await expectVisible(text(page, BuildsTexts.buildStarted("apple")));
    await expectVisible(apple.getByText(BuildsTexts.buildInProgress, { exact: true }));

    // A second tab keeps the project page open, never reloaded.
    const watcher = await context.newPage();
    await watcher.goto(paths.project(project.id));
    const watchedAndroid = card(watcher, "Google Play");
    await expectVisible(watchedAndroid.getByText(BuildsTexts.buildInProgress, { exact: true }));
    await watcher.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    // Builds history: Android first; Apple is not asked for until its tab is opened.
    const appleListRequests = watchRequests(page, "/api/builds?platform=apple");
    const androidListRequests = watchRequests(page, "/api/builds?platform=android");
    await page.goto(paths.build);
    await expectVisible(heading(page, "Builds"));
    const androidRow = page.getByRole("listitem").filter({ hasText: project.name });
    await expectVisible(androidRow.getByText("Pending", { exact: true }));
    expect(await androidRow.textContent()).toContain(project.keyApp);
    expect(await androidRow.textContent()).toContain(BuildsTexts.version(1));
    expect(appleListRequests).toEqual([]);

    await androidRow.getByRole("button", { name: /^Publish/ }).click();
    const dialog = page.getByRole("alertdialog");
    await expectVisible(dialog.getByText(BuildsTexts.publishConfirm, { exact: true }));
    const listFetchesBefore = androidListRequests.length;
    await dialog.getByRole("button", { name: "Publish", exact: true }).click();
    await expectHidden(dialog);
    await expectVisible(androidRow.getByText("Published", { exact: true }));
    expect(await androidRow.getByRole("button").count()).toBe(0);
    // Updated in place: the list was not fetched again.
    expect(androidListRequests.length).toBe(listFetchesBefore);

    // The open project page shows the release within moments, without a reload.
    await expectVisible(watchedAndroid.getByText(BuildsTexts.version(1), { exact: true }), 3_000);
    await expectVisible(watchedAndroid.getByText(PUBLISHED_ON), 3_000);
    await expectVisible(card(watcher, "App Store").getByText(BuildsTexts.buildInProgress));
    expect(
      await watcher.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);

    // Apple's list loads on the first switch to its tab.
    await page.getByRole("tab", { name: "Apple", exact: true }).click();
    const appleRow = page
      .getByRole("tabpanel", { name: "Apple" })
      .getByRole("listitem")
      .filter({ hasText: project.name });
    await expectVisible(appleRow.getByText("Pending", { exact: true }));
    expect(appleListRequests.length).toBe(1);

    // Update on the published card queues the next version.
    await watchedAndroid.getByRole("button", { name: "Update", exact: true }).click();
    await expectVisible(text(watcher, BuildsTexts.buildStarted("android")));
    await expectVisible(watchedAndroid.getByText(BuildsTexts.buildInProgress, { exact: true }));
  });

  it("says why the server refused a publication (409), and shows what is true now", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(409));
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    const requested = await context.request.post(`/api/projects/${project.id}/builds`, {
      data: { platform: "android" },
    });
    const { build } = (await requested.json()) as { build: { id: string } };

    await page.goto(paths.build);
    const row = page.getByRole("listitem").filter({ hasText: project.name });
    await expectVisible(row.getByText("Pending", { exact: true }));
    // Meanwhile the build is published elsewhere (another tab).
    expect((await context.request.post(`/api/builds/${build.id}/publish`)).status()).toBe(200);

    await row.getByRole("button", { name: /^Publish/ }).click();
    const refused = page.waitForResponse((response) => response.url().includes("/publish"));
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: "Publish", exact: true })
      .click();
    const answer = await refused;
    expect(answer.status()).toBe(409);
    const { message } = (await answer.json()) as { message: string };
    expect(message).not.toBe("");
    await expectVisible(text(page, message));
    expect(await text(page, BuildsTexts.publishFailed).count()).toBe(0);
    await expectVisible(row.getByText("Published", { exact: true }));
    expect(await row.getByRole("button").count()).toBe(0);
  });

  it("says 'Failed to publish the build. Please try again.' when publishing fails otherwise", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(500));
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    await context.request.post(`/api/projects/${project.id}/builds`, {
      data: { platform: "android" },
    });
    await page.route("**/api/builds/*/publish", (route) => route.fulfill(serverError));

    await page.goto(paths.build);
    const row = page.getByRole("listitem").filter({ hasText: project.name });
    await row.getByRole("button", { name: /^Publish/ }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: "Publish", exact: true })
      .click();
    await expectVisible(text(page, BuildsTexts.publishFailed));
    await expectVisible(row.getByText("Pending", { exact: true }));
  });

  it("answers another user's project with a not-found state", async () => {
    const owner = await browser.newPage();
    await createSignedInUser(owner.context);
    const project = await createProjectViaApi(owner.context);

    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(404));
    await createSignedInUser(context);
    await page.goto(paths.project(project.id));
    await expectVisible(heading(page, BuildsTexts.projectNotFound));
    expect(await page.getByText(project.name).count()).toBe(0);
    await page.getByRole("link", { name: BuildsTexts.backToProjects, exact: true }).click();
    await expectVisible(heading(page, "My Projects"));
  });

  it("asks a signed-out visitor to log in", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.project("some-project"));
    await expectVisible(page.getByRole("alert").filter({ hasText: BuildsTexts.notLoggedIn }));
    expect(await page.getByRole("link", { name: "Sign In" }).count()).toBeGreaterThan(0);
  });

  it("shows an empty history to a new user", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.build);
    await expectVisible(text(page, BuildsTexts.noBuilds("android")));
    await page.getByRole("tab", { name: "Apple", exact: true }).click();
    await expectVisible(text(page, BuildsTexts.noBuilds("apple")));
  });
});

describe("the project page's error texts", () => {
  it("toasts 'Build Failed - …' when a build request fails, 'Project Error - …' when the project is gone", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(500), failedResource(404));
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    await page.goto(paths.project(project.id));
    const android = card(page, "Google Play");
    await expectVisible(android.getByText(BuildsTexts.noRelease, { exact: true }));

    const buildRequest = (url: URL) => url.pathname === `/api/projects/${project.id}/builds`;
    await page.route(buildRequest, (route) =>
      route.request().method() === "POST" ? route.fulfill(serverError) : route.continue(),
    );
    await android.getByRole("button", { name: "Publish", exact: true }).click();
    await expectVisible(text(page, BuildsTexts.buildFailed));
    await expectVisible(android.getByText(BuildsTexts.noRelease, { exact: true }));

    // The project vanished meanwhile (deleted elsewhere): the server answers 404.
    await page.unroute(buildRequest);
    await page.route(buildRequest, (route) =>
      route.request().method() === "POST"
        ? route.fulfill(apiError(404, "NOT_FOUND", BuildsTexts.projectNotFound))
        : route.continue(),
    );
    const apple = card(page, "App Store");
    await apple.getByRole("button", { name: "Publish", exact: true }).click();
    await expectVisible(text(page, BuildsTexts.projectError));
  });

  it("says 'Could not load Android/Apple build data. …' when a card's build cannot be read", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(500), /Loading the (android|apple) build failed/);
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    await page.route(
      (url) => url.pathname === `/api/projects/${project.id}/builds/latest`,
      (route) => route.fulfill(serverError),
    );
    await page.goto(paths.project(project.id));
    // Server errors are retried twice before the card gives up.
    for (const [store, platform] of [
      ["Google Play", "android"],
      ["App Store", "apple"],
    ] as const) {
      await expectVisible(
        card(page, store).getByText(BuildsTexts.buildDataFailed(platform), { exact: true }),
        15_000,
      );
    }
    expect(BuildsTexts.buildDataFailed("android")).toBe(
      "Could not load Android build data. Check console for details (missing index?).",
    );
  });

  it("says 'Could not load project data.' when the project cannot be read", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(500));
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    const summary = (url: URL) => url.pathname === `/api/projects/${project.id}/builds/summary`;
    await page.route(summary, (route) => route.fulfill(serverError));
    await page.goto(paths.project(project.id));
    await expectVisible(page.getByText(BuildsTexts.projectLoadFailed, { exact: true }), 15_000);

    await page.unroute(summary);
    await page.getByRole("button", { name: "Try again", exact: true }).click();
    await expectVisible(heading(page, project.name));
  });
});
