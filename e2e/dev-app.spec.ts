import { readFile } from "node:fs/promises";
import { paths } from "@hybridge/shared/common/paths";
import { DevAppStatusSchema } from "@hybridge/shared/dev-app/schemas";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { TEST_CONFIG_DEFAULTS } from "@hybridge/shared/test-console/defaults";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible } from "./support/assertions";
import { failedResource, useBrowser } from "./support/browser";
import { decodeQrOnPage } from "./support/qr";
import { type E2eServer, startServer } from "./support/server";
import { createConsoleProject } from "./support/test-console";
import { signInContext, signUpViaApi, uniqueEmail, uniquePassword } from "./support/users";

/**
 * Issue 26's phone loop, on the server's side: the test console's QR code is an https link on
 * this server; opened with a phone's user agent it offers Hybridge Dev (an intent: link naming
 * the package, with a fallback), with a computer's it explains; a refused dev server address
 * says why; and the landing page downloads the dev app the server built at its start.
 */
const browser = useBrowser();
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let server: E2eServer;
beforeAll(async () => {
  // Its own server, which builds the dev app at its start (the shared one does not).
  server = await startServer({ DEV_APP_BUILD: "true" });
});
afterAll(async () => {
  await server?.stop();
});

async function signedInProject(name: string) {
  const { page, context } = await browser.newPage({ origin: server.baseUrl });
  const user = await signUpViaApi(server.baseUrl, uniqueEmail(), uniquePassword());
  await signInContext(context, server.baseUrl, user.email, user.password);
  const project = await createConsoleProject(context, { name, base: server.baseUrl });
  return { page, project };
}

/** /api/dev-app once the server's build at start has settled (ready, or why not). */
async function settledStatus() {
  let status = DevAppStatusSchema.parse(await (await fetch(server.url("/api/dev-app"))).json());
  const deadline = Date.now() + 150_000;
  while (!status.available && status.state === "building" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    status = DevAppStatusSchema.parse(await (await fetch(server.url("/api/dev-app"))).json());
  }
  return status;
}

describe("the dev app's link", () => {
  it("is what the test console's QR code says: on Android it offers the app, on a computer it explains", async () => {
    const { page, project } = await signedInProject("Phone Shop");
    await page.goto(paths.test(project.keyApp));
    const qr = page.getByRole("img", { name: TestConsoleTexts.qrLabel, exact: true });
    await expectVisible(qr);
    const link = await decodeQrOnPage(qr);
    const devServer = `${TEST_CONFIG_DEFAULTS.network}/`;
    expect(link).toBe(
      `${server.baseUrl}/dev/${encodeURIComponent(project.keyApp)}?url=${encodeURIComponent(devServer)}`,
    );
    if (!link) throw new Error("the QR code did not decode");
    await expectVisible(page.getByText(link, { exact: true }));

    // An Android phone: the button starts Hybridge Dev by its package, this page as fallback.
    const android = await browser.newPage({ origin: server.baseUrl, userAgent: ANDROID });
    await android.page.goto(link);
    await expectVisible(
      android.page.getByRole("heading", { name: DevLinkTexts.previewOf("Phone Shop") }),
    );
    await expectVisible(android.page.getByText(devServer, { exact: true }));
    const open = android.page.getByRole("link", { name: DevLinkTexts.openInApp });
    const intent = (await open.getAttribute("href")) ?? "";
    const host = new URL(server.baseUrl).host;
    expect(intent).toContain(
      `intent://${host}/dev/${project.keyApp}?url=${encodeURIComponent(devServer)}#Intent;`,
    );
    expect(intent).toContain("#Intent;scheme=http;package=dev.hybridge.devapp;");
    const fallback = decodeURIComponent(/S\.browser_fallback_url=([^;]+)/.exec(intent)?.[1] ?? "");
    expect(new URL(fallback).searchParams.get("install")).toBe("1");
    expect(new URL(fallback).pathname).toBe(paths.dev(project.keyApp));
    // Keyboard: the button is reachable.
    await open.focus();
    expect(await open.evaluate((element) => element === document.activeElement)).toBe(true);
    // The fallback page offers the install first.
    await android.page.goto(fallback);
    await expectVisible(android.page.getByRole("heading", { name: DevLinkTexts.installTitle }));
    await expectVisible(android.page.getByText(DevLinkTexts.installLead, { exact: true }));

    // An iPhone: honestly not yet.
    const iphone = await browser.newPage({ origin: server.baseUrl, userAgent: IPHONE });
    await iphone.page.goto(link);
    await expectVisible(iphone.page.getByRole("heading", { name: DevLinkTexts.iosTitle }));
    expect(await iphone.page.getByRole("link", { name: DevLinkTexts.openInApp }).count()).toBe(0);

    // A computer: what to do, and the same link in a QR code again.
    const desktop = await browser.newPage({ origin: server.baseUrl });
    await desktop.page.goto(link);
    await expectVisible(desktop.page.getByRole("heading", { name: DevLinkTexts.desktopTitle }));
    expect(await desktop.page.getByRole("link", { name: DevLinkTexts.openInApp }).count()).toBe(0);
    const again = desktop.page.getByRole("img", { name: DevLinkTexts.qrLabel });
    expect(await decodeQrOnPage(again)).toBe(link);
  });

  it("says why an address is refused, and that an app key is unknown", async () => {
    const { page, allowErrors } = await browser.newPage({
      origin: server.baseUrl,
      userAgent: ANDROID,
    });
    allowErrors(failedResource(400), failedResource(404));
    const { project } = await signedInProject("Refused");
    await page.goto(
      `${paths.dev(project.keyApp)}?url=${encodeURIComponent("http://8.8.8.8:5173")}`,
    );
    await expectVisible(page.getByRole("heading", { name: DevLinkTexts.refusedTitle }));
    await expectVisible(page.getByText(DevLinkTexts.badDevUrl, { exact: true }));
    expect(await page.getByRole("link", { name: DevLinkTexts.openInApp }).count()).toBe(0);

    await page.goto(
      `${paths.dev("no-such-app")}?url=${encodeURIComponent("http://10.0.0.2:5173")}`,
    );
    await expectVisible(page.getByRole("heading", { name: DevLinkTexts.unknownTitle }));
    await expectVisible(page.getByText(DevLinkTexts.unknownApp, { exact: true }));
  });
});

describe("the dev app's download", () => {
  it("is the landing page's Android button once the server has built it", async () => {
    const status = await settledStatus();
    const { page } = await browser.newPage({ origin: server.baseUrl });
    await page.goto("/");
    const resources = page.locator("#resources");
    if (!status.available) {
      // No Android tools here (never a failed build): the button says why and how, links nowhere.
      expect(status.state).toBe("tools-missing");
      await expectVisible(resources.getByText(status.reason, { exact: true }));
      expect(
        await resources.getByRole("link", { name: DevLinkTexts.downloadAndroid }).count(),
      ).toBe(0);
      return;
    }
    const button = resources.getByRole("link", { name: DevLinkTexts.downloadAndroid });
    await expectVisible(button);
    expect(await button.getAttribute("href")).toBe("/downloads/hybridge-dev.apk");
    await expectVisible(resources.getByText(`Version ${status.version}`, { exact: false }));
    // iOS stays disabled, coming soon.
    const ios = resources.getByRole("button", { name: /Download for iOS/ });
    expect(await ios.isDisabled()).toBe(true);

    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe("hybridge-dev.apk");
    const apk = await readFile(await download.path());
    expect(apk.length).toBe(status.size);
    expect(apk.subarray(0, 2).toString()).toBe("PK");

    // /docs links to it the same way.
    await page.goto(paths.docs);
    const docsLink = page.getByRole("link", { name: DevLinkTexts.downloadAndroid });
    await expectVisible(docsLink);
    expect(await docsLink.getAttribute("href")).toBe("/downloads/hybridge-dev.apk");
  });
});
