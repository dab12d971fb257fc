import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { paths } from "@hybridge/shared/common/paths";
import { THUMBNAIL_MAX_PIXELS } from "@hybridge/shared/store/media";
import { formatModulePrice } from "@hybridge/shared/store/price";
import { StoreTexts } from "@hybridge/shared/store/texts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectHidden, expectPath, expectVisible, pathOf } from "./support/assertions";
import { failedResource, useBrowser } from "./support/browser";
import { baseUrl } from "./support/env";
import { type E2eServer, startServer } from "./support/server";
import {
  bitmapPng,
  createModuleViaApi,
  createStoreProjectViaApi,
  recordWebm,
  thumbnailPng,
} from "./support/store";
import {
  createSignedInUser,
  signInContext,
  signUpViaApi,
  uniqueEmail,
  uniquePassword,
} from "./support/users";

const browser = useBrowser();

const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });
const suffix = () => randomBytes(3).toString("hex");
const storeGrid = (page: Page) => page.getByRole("list", { name: "Modules", exact: true });
/** Prices as a French reader sees them: U+00A0 (no-break space) before the euro sign. */
const PRICE_12_50 = "12,50\u00a0€";
const PRICE_4_99 = "4,99\u00a0€";

describe("adding a module", () => {
  it("adds a module with a thumbnail and a video, then shows it first in the store with its price", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.store);
    await expectVisible(heading(page, StoreTexts.storeTitle));
    await page.getByRole("link", { name: StoreTexts.addModule, exact: true }).click();
    await expectPath(page, paths.addModule);
    await expectVisible(heading(page, StoreTexts.addModuleTitle));

    const title = `Charts ${suffix()}`;
    const webm = await recordWebm(page);
    await page.getByLabel(StoreTexts.titleLabel, { exact: true }).fill(title);
    await page.getByLabel(StoreTexts.descriptionLabel, { exact: true }).fill("Native charts.");
    await page
      .getByLabel(StoreTexts.thumbnailLabel, { exact: true })
      .setInputFiles({ name: "charts.png", mimeType: "image/png", buffer: thumbnailPng() });
    await page
      .getByLabel(StoreTexts.videoLabelField, { exact: true })
      .setInputFiles({ name: "demo.webm", mimeType: "video/webm", buffer: webm });
    await page.getByLabel(StoreTexts.priceFieldLabel, { exact: true }).fill("12.5");
    await page.getByRole("radio", { name: "iOS", exact: true }).check({ force: true });
    await page.getByRole("button", { name: StoreTexts.submit, exact: true }).click();

    // The new module's page, with its video player.
    await expectVisible(page.getByText(StoreTexts.created));
    await expectVisible(heading(page, title));
    expect(pathOf(page)).toMatch(/^\/store\/module\/[0-9a-f-]{36}$/);
    const video = page.getByLabel(StoreTexts.videoLabel(title));
    await expectVisible(video);
    expect(await video.getAttribute("controls")).not.toBeNull();
    await expect
      .poll(() => video.evaluate((v) => (v as HTMLVideoElement).readyState), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(formatModulePrice(12.5)).toBe(PRICE_12_50);
    await expectVisible(page.getByText(PRICE_12_50, { exact: true }));

    // First in the store, with its price.
    await page.getByRole("link", { name: StoreTexts.backToStore }).click();
    await expectPath(page, paths.store);
    const first = storeGrid(page).getByRole("listitem").first();
    await expectVisible(first.getByRole("heading", { name: title, exact: true }));
    await expectVisible(first.getByText(PRICE_12_50, { exact: true }));
    await expectVisible(first.getByText("iOS", { exact: true }));

    // Its thumbnail shows (the session cookie goes with the image), to signed-in users only.
    const thumbnail = first.locator("img");
    await expect
      .poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const signedOut = await fetch(`${baseUrl()}${await thumbnail.getAttribute("src")}`);
    expect(signedOut.status).toBe(401);
  });

  it("asks for the title, description and thumbnail with the spec's words", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.addModule);
    await page.getByRole("button", { name: StoreTexts.submit, exact: true }).click();
    await expectVisible(page.getByRole("alert").filter({ hasText: StoreTexts.required }));

    // Title and description alone are not enough: the thumbnail is required too.
    await page.getByLabel(StoreTexts.titleLabel, { exact: true }).fill("No thumbnail");
    await page.getByLabel(StoreTexts.descriptionLabel, { exact: true }).fill("Missing its image.");
    await page.getByRole("button", { name: StoreTexts.submit, exact: true }).click();
    await expectVisible(page.getByRole("alert").filter({ hasText: StoreTexts.required }));
    expect(pathOf(page)).toBe(paths.addModule);
  });

  it("fits a 390 px phone: whole file inputs, platform names inside their tiles", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(paths.addModule);
    await expectVisible(heading(page, StoreTexts.addModuleTitle));
    for (const label of [StoreTexts.thumbnailLabel, StoreTexts.videoLabelField]) {
      const box = await page.getByLabel(label, { exact: true }).boundingBox();
      // Room for "Choose File" and "No file chosen" side by side.
      expect(box?.width ?? 0, label).toBeGreaterThanOrEqual(280);
    }
    const tiles = await page.getByRole("radio").evaluateAll((radios) =>
      radios.map((radio) => {
        const tile = radio.closest("label") as HTMLElement;
        const name = tile.querySelector("span[aria-hidden='true']:last-child") as HTMLElement;
        const inner = tile.getBoundingClientRect();
        const text = name.getBoundingClientRect();
        return {
          text: name.textContent,
          gap: Math.min(text.left - inner.left, inner.right - text.right),
        };
      }),
    );
    expect(tiles.map((t) => t.text)).toEqual(["Multiplatform", "Android", "iOS"]);
    for (const tile of tiles) expect(tile.gap, tile.text ?? "").toBeGreaterThanOrEqual(8);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  });

  it("refuses a text file named .png at once, and a negative price", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.addModule);
    await page.getByLabel(StoreTexts.thumbnailLabel, { exact: true }).setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("not an image"),
    });
    await expectVisible(page.getByRole("alert").filter({ hasText: StoreTexts.notAnImage }));

    await page
      .getByLabel(StoreTexts.thumbnailLabel, { exact: true })
      .setInputFiles({ name: "real.webp", mimeType: "image/webp", buffer: thumbnailPng() });
    await page.getByLabel(StoreTexts.titleLabel, { exact: true }).fill("Priced");
    await page.getByLabel(StoreTexts.descriptionLabel, { exact: true }).fill("d");
    await page.getByLabel(StoreTexts.priceFieldLabel, { exact: true }).fill("-1");
    await page.getByRole("button", { name: StoreTexts.submit, exact: true }).click();
    await expectVisible(page.getByRole("alert").filter({ hasText: StoreTexts.priceNegative }));
    expect(pathOf(page)).toBe(paths.addModule);
  });

  it("takes on pick a thumbnail as phones export it, refuses what is not an image or has too many pixels, and a video that only starts like one", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.addModule);
    const alert = (message: string) => page.getByRole("alert").filter({ hasText: message });

    const thumbnail = page.getByLabel(StoreTexts.thumbnailLabel, { exact: true });
    await thumbnail.setInputFiles({
      name: "thumb.png",
      mimeType: "image/png",
      buffer: Buffer.from("<html><script>alert(1)</script></html>"),
    });
    await expectVisible(alert(StoreTexts.notAnImage));
    // Bytes after the image's end: the picture is whole, the server stores its own copy of it.
    await thumbnail.setInputFiles({
      name: "thumb.png",
      mimeType: "image/png",
      buffer: Buffer.concat([thumbnailPng(), Buffer.from("<html><script>alert(1)</script>")]),
    });
    await expectHidden(alert(StoreTexts.notAnImage));

    // 8000×8000 (64 megapixels, a few kB deflated): refused from its header, never decoded.
    const tooBig = StoreTexts.thumbnailTooBig(THUMBNAIL_MAX_PIXELS / 1_000_000);
    await thumbnail.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: bitmapPng(8000, 8000),
    });
    await expectVisible(alert(tooBig));
    await page.getByRole("button", { name: StoreTexts.submit, exact: true }).click();
    expect(pathOf(page)).toBe(paths.addModule);
    await thumbnail.setInputFiles({
      name: "thumb.png",
      mimeType: "image/png",
      buffer: thumbnailPng(),
    });
    await expectHidden(alert(tooBig));

    // An MP4 header followed by zeros: the check walks the boxes, not just the first bytes.
    const ftyp = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from("ftypisom"),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from("isomiso2"),
    ]);
    const video = page.getByLabel(StoreTexts.videoLabelField, { exact: true });
    await video.setInputFiles({
      name: "demo.mp4",
      mimeType: "video/mp4",
      buffer: Buffer.concat([ftyp, Buffer.alloc(3 * 1024 * 1024)]),
    });
    await expectVisible(alert(StoreTexts.notAVideo));
    const webm = await recordWebm(page);
    await video.setInputFiles({ name: "demo.webm", mimeType: "video/webm", buffer: webm });
    await expectHidden(alert(StoreTexts.notAVideo));
  });
});

describe("a module's page", () => {
  it("shows its platform, price, description and up to 3 similar modules, same platform first", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const tag = suffix();
    const subject = await createModuleViaApi(context, {
      title: `Subject ${tag}`,
      description: `What the subject module does ${tag}.`,
      platform: "android",
      price: "4.99",
    });
    const older = await createModuleViaApi(context, { title: `Older ${tag}`, platform: "android" });
    const newer = await createModuleViaApi(context, { title: `Newer ${tag}`, platform: "android" });
    await createModuleViaApi(context, { title: `Other platform ${tag}`, platform: "ios" });

    await page.goto(paths.storeModule(subject.id));
    await expectVisible(heading(page, subject.title));
    await expectVisible(page.getByText(`What the subject module does ${tag}.`));
    expect(formatModulePrice(4.99)).toBe(PRICE_4_99);
    await expectVisible(page.getByText(PRICE_4_99, { exact: true }));
    await expectVisible(page.locator("dl").getByText("Android", { exact: true }));
    await expectVisible(page.getByRole("button", { name: StoreTexts.integrate, exact: true }));
    // No video: the thumbnail stands in, and there is no player.
    expect(await page.locator("video").count()).toBe(0);

    const similar = page.getByRole("list", { name: StoreTexts.similarHeading, exact: true });
    await expectVisible(similar);
    const titles = await similar.getByRole("heading").allTextContents();
    expect(titles.length).toBeLessThanOrEqual(3);
    expect(titles.slice(0, 2)).toEqual([newer.title, older.title]);
    expect(titles).not.toContain(subject.title);

    await similar.getByRole("link", { name: newer.title, exact: true }).click();
    await expectPath(page, paths.storeModule(newer.id));
    await expectVisible(heading(page, newer.title));
  });

  it("integrates the module into one of the user's projects, and remembers it", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createStoreProjectViaApi(context, `Shop ${suffix()}`);
    const other = await createStoreProjectViaApi(context, `Blog ${suffix()}`);
    const module = await createModuleViaApi(context, { title: `Maps ${suffix()}`, price: "29" });

    await page.goto(paths.storeModule(module.id));
    await page.getByRole("button", { name: StoreTexts.integrate, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: StoreTexts.integrateTitle });
    await expectVisible(dialog);
    await dialog
      .getByRole("button", { name: `Integrate into ${project.name}`, exact: true })
      .click();
    await expectVisible(page.getByText(StoreTexts.integrateSuccess(module.title, project.name)));
    await expectVisible(dialog.getByText(`${StoreTexts.integrated} in ${project.name}`));
    await expectVisible(dialog.getByRole("button", { name: `Integrate into ${other.name}` }));

    // Reopened later, the dialog still marks it; the project lists the module.
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await page.reload();
    await page.getByRole("button", { name: StoreTexts.integrate, exact: true }).click();
    await expectVisible(dialog.getByText(`${StoreTexts.integrated} in ${project.name}`));
    const response = await context.request.get(
      `${baseUrl()}/api/store/projects/${encodeURIComponent(project.id)}/modules`,
    );
    const { modules } = (await response.json()) as { modules: Array<{ id: string }> };
    expect(modules.map((m) => m.id)).toEqual([module.id]);
  });

  it("lists a project's modules on its page, and removes one after confirmation", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createStoreProjectViaApi(context, `Shop ${suffix()}`);
    const maps = await createModuleViaApi(context, { title: `Maps ${suffix()}`, price: "12.5" });
    const charts = await createModuleViaApi(context, { title: `Charts ${suffix()}` });

    // No module yet: the section leads to the store.
    await page.goto(paths.project(project.id));
    const section = page.getByRole("region", { name: StoreTexts.projectModulesTitle, exact: true });
    await expectVisible(section.getByText(StoreTexts.projectModulesEmpty, { exact: true }));
    expect(
      await section
        .getByRole("link", { name: StoreTexts.projectModulesBrowse, exact: true })
        .getAttribute("href"),
    ).toBe(paths.store);

    // Integrated from the module's page, it shows on the project's page.
    for (const module of [maps, charts]) {
      await page.goto(paths.storeModule(module.id));
      await page.getByRole("button", { name: StoreTexts.integrate, exact: true }).click();
      await page
        .getByRole("dialog", { name: StoreTexts.integrateTitle })
        .getByRole("button", { name: `Integrate into ${project.name}`, exact: true })
        .click();
      await expectVisible(page.getByText(StoreTexts.integrateSuccess(module.title, project.name)));
    }
    await page.goto(paths.project(project.id));
    const list = section.getByRole("list", { name: StoreTexts.projectModulesTitle });
    await expectVisible(list);
    expect(await list.getByRole("listitem").getByRole("link").allTextContents()).toEqual([
      charts.title,
      maps.title,
    ]);
    const mapsRow = list.getByRole("listitem").filter({ hasText: maps.title });
    await expectVisible(mapsRow.getByText(PRICE_12_50, { exact: true }));
    await expectVisible(mapsRow.locator("img"));
    expect(await mapsRow.getByRole("link", { name: maps.title }).getAttribute("href")).toBe(
      paths.storeModule(maps.id),
    );

    // Remove asks first; Cancel keeps it.
    await mapsRow.getByRole("button", { name: StoreTexts.removeModuleLabel(maps.title) }).click();
    const confirm = page.getByRole("alertdialog", { name: StoreTexts.removeTitle });
    await expectVisible(confirm.getByText(StoreTexts.removeWarning(maps.title, project.name)));
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await expectVisible(mapsRow);
    await mapsRow.getByRole("button", { name: StoreTexts.removeModuleLabel(maps.title) }).click();
    await confirm.getByRole("button", { name: StoreTexts.removeConfirm, exact: true }).click();
    await expectVisible(page.getByText(StoreTexts.removed(maps.title), { exact: true }));
    await expectHidden(mapsRow);
    await expectVisible(list.getByRole("link", { name: charts.title }));

    // Stored: the module's dialog no longer marks the project, the page still lists the other.
    await page.reload();
    await expectVisible(list.getByRole("link", { name: charts.title }));
    expect(await list.getByRole("link", { name: maps.title }).count()).toBe(0);
    await page.goto(paths.storeModule(maps.id));
    await page.getByRole("button", { name: StoreTexts.integrate, exact: true }).click();
    await expectVisible(
      page
        .getByRole("dialog", { name: StoreTexts.integrateTitle })
        .getByRole("button", { name: `Integrate into ${project.name}`, exact: true }),
    );
  });

  it("lets its author delete it", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const module = await createModuleViaApi(context, { title: `Short-lived ${suffix()}` });
    await page.goto(paths.storeModule(module.id));
    await page.getByRole("button", { name: StoreTexts.deleteModule, exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: StoreTexts.deleteTitle });
    await confirm.getByRole("button", { name: StoreTexts.deleteConfirm, exact: true }).click();
    await expectVisible(page.getByText(StoreTexts.deleted));
    await expectPath(page, paths.store);
    await expectVisible(storeGrid(page));
    expect(await storeGrid(page).getByRole("heading", { name: module.title }).count()).toBe(0);
  });

  it("offers no Delete to other users", async () => {
    const author = await browser.newPage();
    await createSignedInUser(author.context);
    const module = await createModuleViaApi(author.context);
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.storeModule(module.id));
    await expectVisible(heading(page, module.title));
    expect(await page.getByRole("button", { name: StoreTexts.deleteModule }).count()).toBe(0);
  });

  it("says when the module does not exist, and leads back to the store", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(404));
    await createSignedInUser(context);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-module"]) {
      await page.goto(paths.storeModule(id));
      await expectVisible(heading(page, StoreTexts.moduleNotFound));
    }
    await page.getByRole("link", { name: StoreTexts.backToStore }).click();
    await expectPath(page, paths.store);
  });

  it("sends a signed-out visitor to the login page", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.storeModule("00000000-0000-4000-8000-000000000000"));
    await expectPath(page, paths.login);
  });
});

describe("a first start with SEED_STORE=false", () => {
  let server: E2eServer | undefined;
  beforeAll(async () => {
    server = await startServer({ SEED_STORE: "false" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows the empty store's text", async () => {
    const own = server as E2eServer;
    const { page, context } = await browser.newPage();
    const user = await signUpViaApi(own.baseUrl, uniqueEmail(), uniquePassword());
    await signInContext(context, own.baseUrl, user.email, user.password);
    await page.goto(`${own.baseUrl}${paths.store}`);
    await expectVisible(heading(page, StoreTexts.storeTitle));
    await expectVisible(page.getByText(StoreTexts.emptyStore, { exact: true }));
    expect(await page.getByRole("list", { name: "Modules", exact: true }).count()).toBe(0);
  });
});

describe("a first start of the embedded default", () => {
  let server: E2eServer | undefined;
  beforeAll(async () => {
    server = await startServer({});
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows the example modules", async () => {
    const own = server as E2eServer;
    const manifestFile = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      "../apps/server/assets/store-seed/manifest.json",
    );
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
      modules: Array<{ title: string; price: number }>;
    };
    const { page, context } = await browser.newPage();
    const user = await signUpViaApi(own.baseUrl, uniqueEmail(), uniquePassword());
    await signInContext(context, own.baseUrl, user.email, user.password);
    await page.goto(`${own.baseUrl}${paths.store}`);
    const grid = storeGrid(page);
    await expectVisible(grid);
    expect(await grid.getByRole("heading").allTextContents()).toEqual(
      manifest.modules.map((m) => m.title),
    );
    expect(StoreTexts.free).toBe("Free");
    await expectVisible(grid.getByText("Free", { exact: true }).first());
  });
});
