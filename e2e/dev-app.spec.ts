import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { paths } from "@hybridge/shared/common/paths";
import { devLinkUrl } from "@hybridge/shared/dev-app/links";
import { DevAppStatusSchema } from "@hybridge/shared/dev-app/schemas";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLightColor } from "../apps/agent/src/android/colors";
import { type DevAppState, runDevAppOnJvm } from "../apps/agent/test/dev-app-on-jvm";
import { prepareShellOnJvm, type ShellJvm } from "../apps/agent/test/shell-on-jvm";
import { expectVisible } from "./support/assertions";
import { downloadedBytes, failedResource, useBrowser } from "./support/browser";
import { webAppZip } from "./support/bundles";
import { deployToken, deployUpdate } from "./support/deploy-tokens";
import { decodeQrOnPage } from "./support/qr";
import { type E2eServer, startServer } from "./support/server";
import { createConsoleProject } from "./support/test-console";
import { signInContext, signUpViaApi, uniqueEmail, uniquePassword } from "./support/users";

/**
 * Issue 26's phone loop, on the server's side: the test console's QR code is an https link on
 * this server; opened with a phone's user agent it offers Hybridge Dev (an intent: link naming
 * the package, with a fallback), with a computer's it explains; a refused dev server address
 * says why; and the landing page downloads the dev app the server built at its start. Then the
 * dev app's own bytecode (the APK this server built, on the JVM harness) opens the console's link
 * against this server.
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

/** The dev app's APK (as this server serves it) on the JVM harness, for `use`. */
async function onJvm(apk: Buffer, use: (jvm: ShellJvm) => Promise<void>) {
  const dir = await mkdtemp(join(tmpdir(), "hybridge-e2e-dev-app-"));
  try {
    const file = join(dir, "hybridge-dev.apk");
    await writeFile(file, apk);
    const jvm = await prepareShellOnJvm(file);
    try {
      await use(jvm);
    } finally {
      await jvm.dispose();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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

/**
 * A desktop Chromium refuses to hand an `intent:` link to an app without a tap, and says so on
 * the console: the case the /dev page's button is kept for.
 */
const INTENT_REFUSED = /Not allowed to launch 'intent:\/\/.*' because a user gesture is required/;

/**
 * Every navigation the page asks for, with its full URL (an `intent:` link goes nowhere in a
 * desktop Chromium, and a request event drops its #Intent part): the DevTools protocol's
 * Page.frameRequestedNavigation.
 */
async function navigationsOf(page: Page): Promise<string[]> {
  const asked: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.enable");
  cdp.on("Page.frameRequestedNavigation", (event) => asked.push(event.url));
  return asked;
}

/** The owner's localhost URL, saved through the console's API (its form's request). */
async function saveDevServer(page: Page, appKey: string, network: string) {
  const saved = await page
    .context()
    .request.patch(server.url(`/api/test-console/${encodeURIComponent(appKey)}`), {
      headers: { origin: server.baseUrl },
      data: { network },
    });
  expect(saved.status()).toBe(200);
}

describe("the dev app's link", () => {
  it("is what the test console's QR code says: on Android it offers the app, on a computer it explains", async () => {
    const { page, project } = await signedInProject("Phone Shop");
    // The console has no QR code until the owner enters their dev server's address.
    await saveDevServer(page, project.keyApp, "http://192.168.1.10:3000");
    await page.goto(paths.test(project.keyApp));
    const qr = page.getByRole("img", { name: TestConsoleTexts.qrLabel, exact: true });
    await expectVisible(qr);
    const link = await decodeQrOnPage(qr);
    const devServer = "http://192.168.1.10:3000/";
    expect(link).toBe(
      `${server.baseUrl}/dev/${encodeURIComponent(project.keyApp)}?url=${encodeURIComponent(devServer)}`,
    );
    if (!link) throw new Error("the QR code did not decode");
    await expectVisible(page.getByText(link, { exact: true }));

    // An Android phone: the button starts Hybridge Dev by its package, this page as fallback.
    const android = await browser.newPage({ origin: server.baseUrl, userAgent: ANDROID });
    android.allowErrors(INTENT_REFUSED);
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
  it("on an Android phone, starts Hybridge Dev once as the page opens; not on the install page, nor elsewhere", async () => {
    const { project } = await signedInProject("Auto Open");
    const link = devLinkUrl(server.baseUrl, project.keyApp, "http://192.168.1.20:5173");
    const intents = (asked: string[]) => asked.filter((url) => url.startsWith("intent:"));
    /** Time for an effect that would navigate to have run once the page shows its content. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 750));

    const android = await browser.newPage({ origin: server.baseUrl, userAgent: ANDROID });
    android.allowErrors(INTENT_REFUSED);
    const asked = await navigationsOf(android.page);
    await android.page.goto(link);
    const open = android.page.getByRole("link", { name: DevLinkTexts.openInApp });
    await expectVisible(open);
    // The same intent: link as the button's, asked for without a tap.
    const intent = await open.getAttribute("href");
    await expect.poll(() => intents(asked)).toEqual([intent]);
    // Chromium refused here (no tap, no app): the page and its button stay.
    expect(new URL(android.page.url()).pathname).toBe(paths.dev(project.keyApp));
    // Back from the app (or a reload) in the same tab: not started again.
    await android.page.reload();
    await expectVisible(open);
    await settle();
    expect(intents(asked)).toHaveLength(1);

    // The intent's fallback (the app is not installed): the install, no new attempt.
    const fallback = new URL(link);
    fallback.searchParams.set("install", "1");
    const installing = await browser.newPage({ origin: server.baseUrl, userAgent: ANDROID });
    const askedInstalling = await navigationsOf(installing.page);
    await installing.page.goto(fallback.toString());
    await expectVisible(installing.page.getByRole("heading", { name: DevLinkTexts.installTitle }));
    await settle();
    expect(intents(askedInstalling)).toEqual([]);

    // An iPhone and a computer: nothing is started.
    for (const userAgent of [IPHONE, undefined]) {
      const other = await browser.newPage({
        origin: server.baseUrl,
        ...(userAgent ? { userAgent } : {}),
      });
      const askedOther = await navigationsOf(other.page);
      await other.page.goto(link);
      await expectVisible(
        other.page.getByRole("heading", { name: DevLinkTexts.previewOf("Auto Open") }),
      );
      await settle();
      expect(intents(askedOther)).toEqual([]);
    }
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
    const apk = await downloadedBytes(download);
    expect(apk.length).toBe(status.size);
    expect(apk.subarray(0, 2).toString()).toBe("PK");

    // /docs links to it the same way.
    await page.goto(paths.docs);
    const docsLink = page.getByRole("link", { name: DevLinkTexts.downloadAndroid });
    await expectVisible(docsLink);
    expect(await docsLink.getAttribute("href")).toBe("/downloads/hybridge-dev.apk");
  });
});

describe("the dev app's code against this server", () => {
  it("opens the test console's link with the owner's settings; refuses a public address and an unknown app", async () => {
    const status = await settledStatus();
    if (!status.available) {
      // No Android tools here: nothing to run (the download test says why).
      expect(status.state).toBe("tools-missing");
      return;
    }
    const { page, project } = await signedInProject("Café Preview");
    await saveDevServer(page, project.keyApp, "http://192.168.1.10:3000");
    await page.goto(paths.test(project.keyApp));
    const qr = page.getByRole("img", { name: TestConsoleTexts.qrLabel, exact: true });
    await expectVisible(qr);
    // The owner changes the test settings (the console's forms' API): none of them defaults.
    const devServer = "http://192.168.1.20:5173";
    const settings = { navBarType: "header", statusBar: "#ff8800", network: devServer } as const;
    for (const [field, value] of Object.entries(settings)) {
      const saved = await page
        .context()
        .request.patch(server.url(`/api/test-console/${encodeURIComponent(project.keyApp)}`), {
          headers: { origin: server.baseUrl },
          data: { [field]: value },
        });
      expect(saved.status()).toBe(200);
    }
    // None of them is the project's own (its defaults: footer, #FFFFFF).
    expect(settings.navBarType).not.toBe("footer");
    expect(settings.statusBar).not.toBe("#FFFFFF");
    await page.reload();
    await expectVisible(qr);
    const link = devLinkUrl(server.baseUrl, project.keyApp, devServer);
    await expect.poll(() => decodeQrOnPage(qr)).toBe(link);

    // The APK this server built, as a phone downloads it.
    const download = await fetch(server.url("/downloads/hybridge-dev.apk"));
    expect(download.status).toBe(200);
    const apk = Buffer.from(await download.arrayBuffer());
    expect(apk.length).toBe(status.size);
    expect(createHash("sha256").update(apk).digest("hex")).toBe(status.sha256);
    await onJvm(apk, async (jvm) => {
      const [opened, refused, unknown] = await runDevAppOnJvm(jvm, [
        `start ${link}`,
        `start ${devLinkUrl(server.baseUrl, project.keyApp, "http://93.184.216.34:5173")}`,
        `start ${devLinkUrl(server.baseUrl, "no-such-app", devServer)}`,
      ]);
      // The dev server, its nav bar type in the query, the status bar in the owner's colour,
      // the bridge answering the dev server's origin: all read from this server.
      expect(opened as DevAppState).toEqual({
        loadedUrl: `${devServer}/?hybridgeNavBar=header`,
        statusBarColor: "#ff8800",
        lightStatusBar: isLightColor("#ff8800"),
        bridgeOrigin: devServer,
      });
      // A dev server on the internet: refused before the server is asked.
      expect(refused as DevAppState).toMatchObject({
        loadedUrl: `https://localhost/refused.html?url=${encodeURIComponent("http://93.184.216.34:5173")}`,
        statusBarColor: null,
        bridgeOrigin: "https://localhost",
      });
      // An app key this server does not know (its 404): the app says so.
      expect((unknown as DevAppState).loadedUrl).toBe(
        `https://localhost/unknown.html?server=${encodeURIComponent(server.baseUrl)}&app=no-such-app&dev=${encodeURIComponent(`${devServer}/`)}`,
      );
    });
  }, 300_000);

  it("opens an update's preview link: downloaded from this server, verified, served (issue 27)", async () => {
    const status = await settledStatus();
    if (!status.available) {
      expect(status.state).toBe("tools-missing");
      return;
    }
    const { page, project } = await signedInProject("Preview Café");
    const token = await deployToken(page.context(), project.id, server.baseUrl);
    const update = await deployUpdate(
      token,
      await webAppZip(),
      { message: "Try me", rolloutPercent: "1" },
      server.baseUrl,
    );
    const apk = Buffer.from(
      await (await fetch(server.url("/downloads/hybridge-dev.apk"))).arrayBuffer(),
    );
    await onJvm(apk, async (jvm) => {
      const [opened, served] = await runDevAppOnJvm(jvm, [
        `start ${devLinkUrl(server.baseUrl, project.keyApp, { update: update.id })}`,
        "main https://localhost/",
      ]);
      // The server's signature, with the project's key it answered, held: the update runs
      // (with the project's own navbar: its owner never opened the test console).
      expect(opened as DevAppState).toMatchObject({
        loadedUrl: "https://localhost/?hybridgeNavBar=footer",
        bridgeOrigin: "https://localhost",
      });
      expect((served as { body: string }).body).toContain("Hello from the web app");
    });
    // A preview is not an install: the update's counts stay at zero.
    const listed = await page
      .context()
      .request.get(server.url(`/api/projects/${project.id}/updates`), {
        headers: { origin: server.baseUrl },
      });
    const { channels } = (await listed.json()) as {
      channels: { updates: { id: string; counts: { asked: number } }[] }[];
    };
    const row = channels.flatMap((channel) => channel.updates).find((u) => u.id === update.id);
    expect(row?.counts.asked).toBe(0);
  }, 300_000);
});
