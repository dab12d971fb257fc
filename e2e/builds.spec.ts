import { BuildsTexts, PhoneAddressTexts } from "@hybridge/shared/builds/texts";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { paths } from "@hybridge/shared/common/paths";
import { ProjectsTexts, QuotaTexts } from "@hybridge/shared/projects/texts";
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectHidden, expectVisible } from "./support/assertions";
import { apiError, failedResource, useBrowser } from "./support/browser";
import {
  createProjectViaApi,
  latestBuild,
  ownersKeystore,
  readyAndroidBuild,
} from "./support/builds";
import { webAppZip } from "./support/bundles";
import { baseUrl, insecureUrl } from "./support/env";
import { decodeQrMatrix, readQrMatrix } from "./support/test-console";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });
const card = (page: Page, platform: BuildPlatform) =>
  page.getByRole("region", { name: BuildsTexts.cardTitle(platform), exact: true });
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
  it("uploads a web app, builds a real Android app live, publishes it, and installs it from its page; Apple waits for a Mac", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);

    await page.goto(paths.project(project.id));
    await expectVisible(heading(page, project.name));
    const apple = card(page, "apple");
    const android = card(page, "android");
    await expectVisible(apple.getByText(BuildsTexts.noRelease, { exact: true }));
    await expectVisible(android.getByText(BuildsTexts.noRelease, { exact: true }));
    expect(await page.getByRole("link", { name: "Update", exact: true }).getAttribute("href")).toBe(
      paths.updateProject(project.id),
    );
    expect(await page.getByRole("link", { name: "Test", exact: true }).getAttribute("href")).toBe(
      paths.test(project.keyApp),
    );

    // The web app: a zip of dist/, picked with the file input.
    const webApp = page.getByRole("region", { name: BundlesTexts.title, exact: true });
    await expectVisible(webApp.getByText(BundlesTexts.empty, { exact: true }));
    await webApp.getByLabel(BundlesTexts.choose).setInputFiles({
      name: "dist.zip",
      mimeType: "application/zip",
      buffer: await webAppZip(),
    });
    await expectVisible(text(page, BundlesTexts.uploaded));
    await expectVisible(webApp.getByText(BundlesTexts.next, { exact: true }));
    await expectVisible(webApp.getByText(/2 files/));

    // The upload key: the owner's own keystore before the first build, after a reset.
    const signing = page.getByRole("region", { name: BuildsTexts.signingKeyTitle, exact: true });
    await expectVisible(signing.getByText(BuildsTexts.signingKeyNone, { exact: true }));
    const mine = await ownersKeystore("my keystore pass", "key0");
    const replaceKey = async () => {
      await signing.getByRole("button", { name: BuildsTexts.replaceKey, exact: true }).click();
      await signing.getByLabel(BuildsTexts.keystoreFile, { exact: true }).setInputFiles({
        name: "mine.p12",
        mimeType: "application/x-pkcs12",
        buffer: mine.bytes,
      });
      await signing
        .getByLabel(BuildsTexts.keystorePassword, { exact: true })
        .fill("my keystore pass");
      await signing.getByLabel(BuildsTexts.keyAlias, { exact: true }).fill("key0");
      await signing
        .getByRole("button", { name: BuildsTexts.replaceKeySubmit, exact: true })
        .click();
      await expectVisible(text(page, BuildsTexts.keyReplaced));
      await expectVisible(signing.getByText(mine.sha256, { exact: true }));
    };
    await replaceKey();
    await signing.getByRole("button", { name: BuildsTexts.resetKey, exact: true }).click();
    const resetDialog = page.getByRole("alertdialog");
    await expectVisible(resetDialog.getByText(BuildsTexts.resetKeyConfirm, { exact: true }));
    await resetDialog.getByRole("button", { name: BuildsTexts.resetKey, exact: true }).click();
    await expectVisible(text(page, BuildsTexts.keyReset));
    await expectVisible(signing.getByText(BuildsTexts.signingKeyNone, { exact: true }));
    await replaceKey();
    // Its password, shown whenever the owner downloads the keystore, with Copy.
    await expectVisible(signing.getByText(BuildsTexts.signingKeyPasswordWhere, { exact: true }));
    await signing.getByRole("button", { name: BuildsTexts.downloadKeystore, exact: true }).click();
    const keystoreDialog = page.getByRole("dialog", { name: BuildsTexts.keystoreDialogTitle });
    await expectVisible(keystoreDialog.getByText("my keystore pass", { exact: true }));
    await expectVisible(
      keystoreDialog.getByRole("button", {
        name: `Copy ${BuildsTexts.keystorePasswordCopyLabel}`,
        exact: true,
      }),
    );
    expect(
      await keystoreDialog
        .getByRole("link", { name: BuildsTexts.keystoreFileLink, exact: true })
        .getAttribute("href"),
    ).toBe(`/api/projects/${project.id}/signing-key/keystore`);
    await keystoreDialog.getByRole("button", { name: BuildsTexts.close, exact: true }).click();
    await expectHidden(keystoreDialog);

    // A second tab keeps the project page open, never reloaded.
    const watcher = await context.newPage();
    await watcher.goto(paths.project(project.id));
    const watchedAndroid = card(watcher, "android");
    await expectVisible(watchedAndroid.getByText(BuildsTexts.noRelease, { exact: true }));
    await watcher.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
      // Every text the card shows while it builds, to see the percent move live.
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const region = document.querySelector('[role="progressbar"]');
        if (region) seen.push(region.getAttribute("aria-valuenow") ?? "");
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    // This server's PUBLIC_URL is http://localhost (decision 058): its builds are development
    // builds, and a phone cannot reach it — both said before anything is built.
    const development = PhoneAddressTexts.developmentBuild(baseUrl());
    await expectVisible(watchedAndroid.getByText(development, { exact: true }));
    await expectVisible(
      watcher.getByText(PhoneAddressTexts.unreachable("publicUrl", baseUrl()), { exact: true }),
    );

    await android
      .getByRole("button", { name: BuildsTexts.requestBuild("android"), exact: true })
      .click();
    await expectVisible(text(page, BuildsTexts.buildStarted("android")));
    // Built by the server's own build machine: queued, then building with its percent, then ready.
    await expectVisible(
      watchedAndroid.getByText(BuildsTexts.readyToPublish, { exact: true }),
      90_000,
    );
    const seen = await watcher.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.length).toBeGreaterThan(0);
    await expectVisible(android.getByText(BuildsTexts.readyToPublish, { exact: true }));

    // Apple: queued, and honest that no Mac is there to build it (no spinner).
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
    await expectVisible(
      apple.getByText(/^Waiting for a macOS build machine \(position \d+ in the queue\)$/),
    );
    expect(await apple.locator(".animate-spin").count()).toBe(0);

    // The log of the Android build.
    await android.getByRole("button", { name: BuildsTexts.viewLog, exact: true }).click();
    const log = page.getByRole("log");
    await expectVisible(log.getByText(/Unpacked 2 files/));
    // The tools' command lines name files relative to the build's folder: no server path.
    // (classes.dex may come from an earlier build of this server process — the dev app's — so
    // the smali line is not always there; aapt runs for every build.)
    await expectVisible(
      log.getByText(/^\$ aapt package -f -M \S+ -S \S+ -I framework-res\.apk -F /),
    );
    expect(await log.textContent()).not.toMatch(/\/apps\/agent\/|\/tmp\/|hybridge-agent-/);
    await page.getByRole("button", { name: BuildsTexts.close, exact: true }).click();
    await expectHidden(log);

    // Publish the ready build from the card.
    await android.getByRole("button", { name: BuildsTexts.publish, exact: true }).click();
    const dialog = page.getByRole("alertdialog");
    await expectVisible(dialog.getByText(BuildsTexts.publishConfirm("android"), { exact: true }));
    await expectVisible(dialog.getByText(development, { exact: true }));
    await dialog.getByRole("button", { name: BuildsTexts.publish, exact: true }).click();
    await expectHidden(dialog);
    await expectVisible(text(page, BuildsTexts.publishDone));
    // The open project page shows the release within moments, without a reload.
    await expectVisible(watchedAndroid.getByText(BuildsTexts.version(1), { exact: true }), 3_000);
    await expectVisible(watchedAndroid.getByText(PUBLISHED_ON), 3_000);
    // The channel its hybridge.json carries (decision 056): production, the project's default.
    await expectVisible(
      watchedAndroid.getByText(BuildsTexts.updateChannel("production"), { exact: true }),
    );
    // The published app was signed with the owner's key, which is now the app's for good.
    await page.reload();
    await expectVisible(signing.getByText(mine.sha256, { exact: true }));
    await expectVisible(signing.getByText(BuildsTexts.uploadKeyLocked, { exact: true }));
    expect(await signing.getByRole("button", { name: BuildsTexts.replaceKey }).count()).toBe(0);
    expect(await signing.getByRole("button", { name: BuildsTexts.resetKey }).count()).toBe(0);
    expect(
      await watcher.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);

    // The builds history shows it published; Apple's list loads on the first switch to its tab.
    const appleListRequests = watchRequests(page, "/api/builds?platform=apple");
    await page.goto(paths.build);
    await expectVisible(heading(page, "Builds"));
    const androidRow = page.getByRole("listitem").filter({ hasText: project.name });
    await expectVisible(androidRow.getByText("Published", { exact: true }));
    expect(await androidRow.getByRole("button").count()).toBe(0);
    expect(appleListRequests).toEqual([]);
    await page.getByRole("tab", { name: "Apple", exact: true }).click();
    const appleRow = page
      .getByRole("tabpanel", { name: "Apple" })
      .getByRole("listitem")
      .filter({ hasText: project.name });
    await expectVisible(appleRow.getByText("Pending", { exact: true }));
    expect(appleListRequests.length).toBe(1);

    // The install page, as a visitor with the link sees it: the APK to download, a QR code.
    await watchedAndroid.getByRole("link", { name: BuildsTexts.installPage, exact: true }).click();
    await expectVisible(heading(watcher, project.name));
    const download = watcher.getByRole("link", { name: BuildsTexts.downloadApk, exact: true });
    await expectVisible(download);
    await expectVisible(watcher.getByRole("img", { name: /QR code/ }));
    const href = await download.getAttribute("href");
    const apk = await context.request.get(href ?? "");
    expect(apk.status()).toBe(200);
    expect(apk.headers()["content-type"]).toBe("application/vnd.android.package-archive");
    const bytes = await apk.body();
    expect(bytes.subarray(0, 4).toString("hex")).toBe("504b0304");
    expect(bytes.length).toBeGreaterThan(10_000);
    // Its QR code carries PUBLIC_URL's address, not the browser's (issue 28): a visitor on
    // another address of this server (a LAN name, 127.0.0.1 beside localhost) gets the same.
    const installPath = paths.install(project.keyApp);
    expect(
      decodeQrMatrix(await readQrMatrix(watcher, BuildsTexts.installQrLabel(project.name))),
    ).toBe(`${baseUrl()}${installPath}`);
    // Chromium says helmet's Cross-Origin-Opener-Policy does not apply to a plain-http address.
    allowErrors(/The Cross-Origin-Opener-Policy header has been ignored/);
    const visitor = await context.newPage();
    await visitor.goto(insecureUrl(installPath));
    await expectVisible(heading(visitor, project.name));
    expect(new URL(visitor.url()).origin).not.toBe(new URL(baseUrl()).origin);
    expect(
      decodeQrMatrix(await readQrMatrix(visitor, BuildsTexts.installQrLabel(project.name))),
    ).toBe(`${baseUrl()}${installPath}`);
    await visitor.close();

    // The card's button queues the next version.
    await page.goto(paths.project(project.id));
    await card(page, "android")
      .getByRole("button", { name: BuildsTexts.requestBuild("android"), exact: true })
      .click();
    await expectVisible(text(page, BuildsTexts.buildStarted("android")));
  });

  it("cancels a queued build", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    await context.request.post(`/api/projects/${project.id}/builds`, {
      data: { platform: "apple" },
    });
    await page.goto(paths.project(project.id));
    const apple = card(page, "apple");
    await apple.getByRole("button", { name: BuildsTexts.cancelBuild, exact: true }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: BuildsTexts.cancelBuild, exact: true })
      .click();
    await expectVisible(text(page, BuildsTexts.cancelBuildDone));
    await expectVisible(apple.getByText(BuildsTexts.noRelease, { exact: true }));
    expect((await latestBuild(context, project.id, "apple"))?.status).toBe("cancelled");
  });

  it("says why the server refused a publication (409), and shows what is true now", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(409));
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    const build = await readyAndroidBuild(context, project.id);

    await page.goto(paths.build);
    const row = page.getByRole("listitem").filter({ hasText: project.name });
    await expectVisible(row.getByText("Ready", { exact: true }));
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
    await readyAndroidBuild(context, project.id);
    await page.route("**/api/builds/*/publish", (route) => route.fulfill(serverError));

    await page.goto(paths.build);
    const row = page.getByRole("listitem").filter({ hasText: project.name });
    await row.getByRole("button", { name: /^Publish/ }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: "Publish", exact: true })
      .click();
    await expectVisible(text(page, BuildsTexts.publishFailed));
    await expectVisible(row.getByText("Ready", { exact: true }));
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

  it("shows the project's usage against its quotas, and says when the account has all the projects it may", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    await page.goto(paths.project(project.id));
    const usage = page.getByRole("region", { name: QuotaTexts.usageTitle, exact: true });
    const bundles = usage.getByRole("progressbar", { name: QuotaTexts.bundlesLabel });
    const storage = usage.getByRole("progressbar", { name: QuotaTexts.storageLabel });
    await expectVisible(bundles);
    expect(await bundles.getAttribute("aria-valuetext")).toBe("0 of 5");
    expect(await storage.getAttribute("aria-valuetext")).toBe("0 KB of 500.0 MB");

    // An upload counts at once, in both bars.
    await page
      .getByRole("region", { name: BundlesTexts.title, exact: true })
      .getByLabel(BundlesTexts.choose)
      .setInputFiles({ name: "dist.zip", mimeType: "application/zip", buffer: await webAppZip() });
    await expectVisible(text(page, BundlesTexts.uploaded));
    await expect.poll(() => bundles.getAttribute("aria-valuetext")).toBe("1 of 5");
    expect(await storage.getAttribute("aria-valuetext")).toMatch(/^\d+ KB of 500\.0 MB$/);
    expect(await storage.getAttribute("aria-valuetext")).not.toBe("0 KB of 500.0 MB");

    // As many projects as the server allows (MAX_PROJECTS_PER_USER): home and the new app
    // form say so, and the form cannot be sent.
    const limits = (await (await context.request.get("/api/projects/usage")).json()) as {
      usage: { projects: { count: number; limit: number } };
    };
    const { count, limit } = limits.usage.projects;
    for (let i = count; i < limit; i++) await createProjectViaApi(context);
    await page.goto(paths.home);
    await expectVisible(text(page, QuotaTexts.tooManyProjects(limit)));
    await expectVisible(text(page, QuotaTexts.projectsUsed(limit, limit)));
    await page.goto(paths.newProject);
    await expectVisible(text(page, QuotaTexts.tooManyProjects(limit)));
    expect(
      await page
        .getByRole("button", { name: ProjectsTexts.createSubmit, exact: true })
        .isDisabled(),
    ).toBe(true);
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
    const android = card(page, "android");
    await expectVisible(android.getByText(BuildsTexts.noRelease, { exact: true }));

    const buildRequest = (url: URL) => url.pathname === `/api/projects/${project.id}/builds`;
    await page.route(buildRequest, (route) =>
      route.request().method() === "POST" ? route.fulfill(serverError) : route.continue(),
    );
    await android
      .getByRole("button", { name: BuildsTexts.requestBuild("android"), exact: true })
      .click();
    await expectVisible(text(page, BuildsTexts.buildFailed));
    await expectVisible(android.getByText(BuildsTexts.noRelease, { exact: true }));

    // The project vanished meanwhile (deleted elsewhere): the server answers 404.
    await page.unroute(buildRequest);
    await page.route(buildRequest, (route) =>
      route.request().method() === "POST"
        ? route.fulfill(apiError(404, "NOT_FOUND", BuildsTexts.projectNotFound))
        : route.continue(),
    );
    const apple = card(page, "apple");
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
    for (const platform of ["android", "apple"] as const) {
      await expectVisible(
        card(page, platform).getByText(BuildsTexts.buildDataFailed(platform), { exact: true }),
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
