import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DevAppTexts } from "@hybridge/shared/dev-app/app-texts";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipEntries } from "../../test/reference-tools";
import { sharedUploadKeystore } from "../../test/upload-keystores";
import { buildDevAppApk } from "./build-dev-app-apk";

// The dev app's own pages, taken from its APK and served as the WebView gets them
// (https://localhost/…, recent-projects.json as DevWebViewClient answers it), in Chromium.

let scratch: string;
let assets: Map<string, Buffer>;
let browser: Browser;

const RECENT = [
  {
    name: "Café <Shop>",
    appKey: "shop",
    server: "http://192.168.1.2:3000",
    url: "http://192.168.1.20:5173/",
    time: Date.UTC(2026, 10, 27, 9, 30),
  },
  {
    name: "Light App",
    appKey: "light",
    server: "https://hybridge.example",
    url: "http://my-mac.local:3000/",
    time: Date.UTC(2026, 10, 26, 18, 0),
  },
];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hybridge-dev-pages-"));
  const keystore = await sharedUploadKeystore("Hybridge Dev");
  const apk = await buildDevAppApk({
    publicUrl: "https://hybridge.example",
    keystore,
    versionCode: 1,
    versionName: "1.0.0",
    workDir: scratch,
  });
  assets = await zipEntries(apk.apk);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
});

afterAll(async () => {
  await browser?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** A page of the dev app at https://localhost{path}, with the phone's list of projects. */
async function open(
  path: string,
  recent: unknown[] = [],
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await context.route("https://localhost/**", async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === "/recent-projects.json") {
      return route.fulfill({ contentType: "application/json", body: JSON.stringify(recent) });
    }
    const file = assets.get(`assets/www${pathname === "/" ? "/index.html" : pathname}`);
    if (!file) return route.fulfill({ status: 404, body: "" });
    const type = pathname.endsWith(".css")
      ? "text/css"
      : pathname.endsWith(".js")
        ? "text/javascript"
        : "text/html";
    return route.fulfill({ contentType: type, body: file });
  });
  await page.goto(`https://localhost${path}`);
  return { page, errors };
}

describe("the start screen", () => {
  it("lists the recent projects as links that reopen them", async () => {
    const { page, errors } = await open("/", RECENT);
    const links = page.locator(".recent a");
    await expect.poll(() => links.count()).toBe(2);
    const first = links.first();
    expect(await first.locator(".name").textContent()).toBe("Café <Shop>");
    expect(await first.locator(".where").textContent()).toBe("http://192.168.1.20:5173/");
    const href = new URL((await first.getAttribute("href")) ?? "", "https://localhost");
    expect(href.pathname).toBe("/open");
    expect(Object.fromEntries(href.searchParams)).toEqual({
      server: "http://192.168.1.2:3000",
      app: "shop",
      url: "http://192.168.1.20:5173/",
    });
    expect(await first.getAttribute("aria-label")).toBe(`${DevAppTexts.recentOpen} Café <Shop>`);
    expect(errors).toEqual([]);
  });

  it("says how to open a project when there is none yet", async () => {
    const { page, errors } = await open("/");
    await expect.poll(() => page.locator(".empty").textContent()).toBe(DevAppTexts.recentEmpty);
    expect(await page.locator("ol li").allTextContents()).toEqual([...DevAppTexts.startHowSteps]);
    expect(errors).toEqual([]);
  });
});

describe("the unreachable page", () => {
  const query = new URLSearchParams({
    url: "http://192.168.1.20:5173/?hybridgeNavBar=header",
    server: "http://192.168.1.2:3000",
    app: "shop",
    dev: "http://192.168.1.20:5173/",
  });

  it("names the dev server tried, the checks, and Retry reopening the project", async () => {
    const { page, errors } = await open(`/unreachable.html?${query}`);
    expect(await page.locator("h1:visible").textContent()).toBe(DevAppTexts.unreachableTitle);
    expect(await page.locator("[data-address]").textContent()).toBe(query.get("url"));
    expect(await page.locator("li:visible").allTextContents()).toEqual([
      ...DevAppTexts.unreachableChecks,
    ]);
    const retry = page.getByRole("link", { name: DevAppTexts.unreachableRetry });
    const href = new URL((await retry.getAttribute("href")) ?? "", "https://localhost");
    expect(`${href.pathname}?${href.searchParams}`).toBe(
      `/open?${new URLSearchParams({ server: "http://192.168.1.2:3000", app: "shop", url: "http://192.168.1.20:5173/" })}`,
    );
    expect(errors).toEqual([]);
  });

  it("speaks of the Hybridge server when that is what did not answer", async () => {
    const server = new URLSearchParams(query);
    server.set("what", "server");
    server.set("url", "http://192.168.1.2:3000/api/v1/dev-link/shop?url=x");
    const { page } = await open(`/unreachable.html?${server}`);
    expect(await page.locator("h1:visible").textContent()).toBe(DevAppTexts.unreachableServerTitle);
    expect(await page.locator("li:visible").allTextContents()).toEqual([
      ...DevAppTexts.unreachableServerChecks,
    ]);
    expect(await page.getByRole("link", { name: DevAppTexts.unreachableRetry }).isVisible()).toBe(
      true,
    );
  });

  it("has no Retry without a project to reopen", async () => {
    const { page } = await open("/unreachable.html?url=http%3A%2F%2F10.0.0.1%2F");
    expect(await page.getByRole("link", { name: DevAppTexts.unreachableRetry }).isVisible()).toBe(
      false,
    );
  });
});

describe("the refused and unknown pages", () => {
  it("show the refused address and the server asked", async () => {
    const refused = await open("/refused.html?url=http%3A%2F%2F93.184.216.34%2F");
    expect(await refused.page.locator("h1").textContent()).toBe(DevAppTexts.refusedTitle);
    expect(await refused.page.locator("[data-address]").textContent()).toBe(
      "http://93.184.216.34/",
    );
    const unknown = await open("/unknown.html?server=http%3A%2F%2F192.168.1.2%3A3000&app=nope");
    expect(await unknown.page.locator("h1").textContent()).toBe(DevAppTexts.unknownTitle);
    expect(await unknown.page.locator("[data-server]").textContent()).toBe(
      "http://192.168.1.2:3000",
    );
    expect([...refused.errors, ...unknown.errors]).toEqual([]);
  });
});

describe("an update's preview pages", () => {
  it("say why a preview failed: the download's reason, or no such update", async () => {
    const reason = "refused: java.io.IOException: the download's SHA-256 is not the update's";
    const failed = await open(`/preview-failed.html?url=${encodeURIComponent(reason)}`);
    expect(await failed.page.locator("h1").textContent()).toBe(DevAppTexts.previewFailedTitle);
    expect(await failed.page.locator("[data-address]:visible").textContent()).toBe(reason);
    expect(await failed.page.getByText(DevAppTexts.previewUnknownLead).isVisible()).toBe(false);
    const unknown = await open("/preview-failed.html?what=unknown&server=http%3A%2F%2Fh.example");
    expect(await unknown.page.getByText(DevAppTexts.previewUnknownLead).isVisible()).toBe(true);
    expect(await unknown.page.getByText(DevAppTexts.previewFailedLead).isVisible()).toBe(false);
    const loading = await open("/preview.html");
    expect(await loading.page.locator("h1").textContent()).toBe(DevAppTexts.previewTitle);
    expect([...failed.errors, ...unknown.errors, ...loading.errors]).toEqual([]);
  });
});
