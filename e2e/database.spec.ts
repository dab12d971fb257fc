import { paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import { IndexPanelTexts as I, DatabaseSectionTexts as T } from "@hybridge/shared/data/texts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectHidden, expectVisible } from "./support/assertions";
import { failedResource, useBrowser } from "./support/browser";
import { baseUrl } from "./support/env";
import { openSdkPage } from "./support/sdk-page";
import { createConsoleProject, revealDatabaseKey } from "./support/test-console";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

/** What an app does with the project's key: add a document through the database API. */
async function addDocument(
  key: string,
  collection: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl()}/api/v1/db/collections/${collection}/documents`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(data),
  });
  if (response.status !== 201) throw new Error(`add: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Makes the page's next EventSource resolve `window.streamReady` at its `ready` event: the
 * server sends it once every later change will reach the stream (platform/live.ts), so a change
 * made after it must arrive, the first one included.
 */
async function watchStreamReady(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { streamReady: Promise<void> };
    const Native = window.EventSource;
    w.streamReady = new Promise((resolve) => {
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener("ready", () => resolve());
        }
      };
    });
  });
}

const streamReady = (page: Page) =>
  page.evaluate(() => (window as unknown as { streamReady: Promise<void> }).streamReady);

describe("the project page's Database section", () => {
  it("shows what the app stored, by collection, and deletes a document", async () => {
    const { context, page } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createConsoleProject(context);
    const key = await revealDatabaseKey(context, project.id);

    await page.goto(paths.project(project.id));
    const section = page.getByRole("region", { name: T.title, exact: true });
    await expectVisible(section.getByText(T.empty, { exact: true }));

    await addDocument(key, "orders", { item: "Espresso", quantity: 2 });
    await addDocument(key, "orders", { item: "Latte", quantity: 1 });
    await addDocument(key, "tables", { seats: 4 });
    await page.reload();
    const collections = section.getByRole("list", { name: T.collections, exact: true });
    await expectVisible(collections.getByRole("button", { name: /orders\s*2 documents/ }));
    await expectVisible(collections.getByRole("button", { name: /tables\s*1 document$/ }));

    // Keyboard: the collection opens with Enter.
    await collections.getByRole("button", { name: /orders/ }).focus();
    await page.keyboard.press("Enter");
    const documents = section.getByRole("list", { name: "orders", exact: true });
    await expect.poll(() => documents.getByRole("listitem").count()).toBe(2);
    // Newest first: the Latte was added last.
    await expect
      .poll(() => documents.getByRole("listitem").first().locator("pre").textContent())
      .toContain('"item": "Latte"');

    await documents
      .getByRole("listitem")
      .first()
      .getByRole("button", { name: /Delete/ })
      .click();
    const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog"));
    await expectVisible(dialog.getByText(T.deleteTitle, { exact: true }));
    await dialog.getByRole("button", { name: T.delete, exact: true }).click();
    await expectVisible(page.getByText(T.deleted, { exact: true }));
    await expect.poll(() => documents.getByRole("listitem").count()).toBe(1);
    await expect
      .poll(() => documents.getByRole("listitem").first().locator("pre").textContent())
      .toContain('"item": "Espresso"');

    await section.getByRole("button", { name: T.back }).click();
    await expectVisible(collections.getByRole("button", { name: /orders\s*1 document$/ }));
  });
});

/** What another phone does meanwhile: a request of the app's, with the project's key. */
async function appRequest(key: string, method: string, path: string, body?: unknown) {
  return fetch(`${baseUrl()}/api/v1/db/collections/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe("the Database section's queries and JSON editor", () => {
  it("filters and sorts, edits, says when someone else changed a document, adds and deletes", async () => {
    const { context, page, allowErrors } = await browser.newPage();
    // The save refused because the document moved meanwhile.
    allowErrors(failedResource(409));
    await createSignedInUser(context);
    const project = await createConsoleProject(context);
    const key = await revealDatabaseKey(context, project.id);
    const espresso = await addDocument(key, "orders", {
      item: "Espresso",
      price: 3,
      status: "open",
    });
    const latte = await addDocument(key, "orders", { item: "Latte", price: 4, status: "open" });
    await addDocument(key, "orders", { item: "Mocha", price: 5, status: "closed" });
    await addDocument(key, "orders", { item: "Tea", price: 2, status: "open" });

    await page.goto(paths.project(project.id));
    const section = page.getByRole("region", { name: T.title, exact: true });
    await section.getByRole("button", { name: /orders/ }).click();
    const documents = section.getByRole("list", { name: "orders", exact: true });
    await expect.poll(() => documents.getByRole("listitem").count()).toBe(4);
    await expectVisible(section.getByText(T.matching(4), { exact: false }));

    // status == open (typed without quotes: read as text), by price, cheapest first.
    const filter = section.getByRole("form", { name: T.queryTitle });
    await filter.getByRole("button", { name: T.addCondition }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("INPUT");
    await page.keyboard.type("status");
    await filter.getByLabel(T.value, { exact: true }).fill("open");
    await expectVisible(filter.getByText(T.valueText, { exact: true }));
    await filter.getByLabel(T.sortField, { exact: true }).fill("price");
    await filter.getByLabel(T.sortDirection, { exact: true }).selectOption("asc");
    await filter.getByRole("button", { name: T.apply, exact: true }).click();
    const items = () =>
      documents
        .getByRole("listitem")
        .locator("pre")
        .allTextContents()
        .then((texts) => texts.map((text) => (JSON.parse(text) as { item: string }).item));
    await expect.poll(items).toEqual(["Tea", "Espresso", "Latte"]);
    await expectVisible(section.getByText(T.matching(3), { exact: false }));

    // Edit the Latte: the server has the new value, one version on.
    await documents.getByRole("button", { name: T.open(String(latte.id)) }).click();
    let editor = page.getByRole("dialog");
    const text = editor.getByRole("textbox", { name: T.jsonLabel });
    await expect.poll(() => text.evaluate((node) => node === document.activeElement)).toBe(true);
    await text.fill('{ "item": "Latte", "price": 1, "status": "open" }');
    await editor.getByRole("button", { name: T.save, exact: true }).click();
    await expectVisible(page.getByText(T.saved, { exact: true }));
    const saved = await (await appRequest(key, "GET", `orders/documents/${latte.id}`)).json();
    expect(saved).toMatchObject({ item: "Latte", price: 1, version: 2 });
    await expect.poll(items).toEqual(["Latte", "Tea", "Espresso"]);

    // Someone else changes the Espresso while it is open here: the save says so, and their
    // version reloads without losing this text.
    await documents.getByRole("button", { name: T.open(String(espresso.id)) }).click();
    editor = page.getByRole("dialog");
    const changed = await appRequest(key, "PATCH", `orders/documents/${espresso.id}`, {
      price: 10,
    });
    expect(changed.status).toBe(200);
    await text.fill('{ "item": "Espresso", "price": 7, "status": "open" }');
    await editor.getByRole("button", { name: T.save, exact: true }).click();
    await expectVisible(editor.getByText(T.conflictTitle, { exact: true }));
    await editor.getByRole("button", { name: T.reload, exact: true }).click();
    await expectVisible(editor.getByText(T.reloaded(2), { exact: true }));
    expect(JSON.parse(await text.inputValue())).toEqual({
      item: "Espresso",
      price: 7,
      status: "open",
    });
    const theirs = await (await appRequest(key, "GET", `orders/documents/${espresso.id}`)).json();
    expect(theirs).toMatchObject({ price: 10, version: 2 });
    await editor.getByRole("button", { name: UiTexts.cancel, exact: true }).click();
    await expectHidden(editor);

    // Add one: it takes its place in the query's order.
    await section.getByRole("button", { name: T.add, exact: true }).click();
    editor = page.getByRole("dialog");
    await editor
      .getByRole("textbox", { name: T.jsonLabel })
      .fill('{ "item": "Cortado", "price": 0.5, "status": "open" }');
    await editor.getByRole("button", { name: T.addConfirm, exact: true }).click();
    await expectVisible(page.getByText(T.added, { exact: true }));
    await expect.poll(items).toEqual(["Cortado", "Latte", "Tea", "Espresso"]);
    await expectVisible(section.getByText(T.matching(4), { exact: false }));

    // Delete it: gone from the list and from the server.
    const cortado = documents.getByRole("listitem").first();
    const cortadoId = await cortado.locator(".font-mono").first().textContent();
    await cortado.getByRole("button", { name: /^Delete/ }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: T.delete, exact: true }).click();
    await expectVisible(page.getByText(T.deleted, { exact: true }));
    await expect.poll(items).toEqual(["Latte", "Tea", "Espresso"]);
    expect((await appRequest(key, "GET", `orders/documents/${cortadoId}`)).status).toBe(404);
  });
});

describe("the Database section's indexes", () => {
  it("declares an index from the keyboard, sees it become ready, and deletes it", async () => {
    const { context, page } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createConsoleProject(context);
    const key = await revealDatabaseKey(context, project.id);
    await addDocument(key, "orders", { item: "Espresso", price: 3, status: "open" });
    await addDocument(key, "orders", { item: "Mocha", price: 5, status: "closed" });

    await page.goto(paths.project(project.id));
    const section = page.getByRole("region", { name: T.title, exact: true });
    await section.getByRole("button", { name: /orders/ }).click();
    await section.getByRole("button", { name: I.open, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: I.title("orders") });
    await expectVisible(dialog.getByText(I.empty));

    await dialog.getByRole("textbox", { name: I.fieldLabel(1) }).fill("status");
    await dialog.getByRole("button", { name: I.addField }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.type("price");
    await dialog.getByRole("combobox", { name: I.modeLabel(2) }).selectOption("desc");
    await dialog.getByRole("button", { name: I.create }).click();
    await expectVisible(page.getByText(I.created));
    const index = dialog.getByRole("listitem").filter({ hasText: "status ==, price desc" });
    await expectVisible(index.getByText(I.statusReady), 15_000);

    await index.getByRole("button", { name: I.deleteIndex("status ==, price desc") }).click();
    const confirm = page.getByRole("alertdialog", { name: I.deleteTitle });
    await confirm.getByRole("button", { name: I.delete, exact: true }).click();
    await expectVisible(page.getByText(I.deleted));
    await expectVisible(dialog.getByText(I.empty));
  });
});

describe("@hybridge/app in a browser", () => {
  it("adds and lists documents from another origin, and db.watch sees changes at once", async () => {
    const { context, page } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createConsoleProject(context);
    const key = await revealDatabaseKey(context, project.id);
    await openSdkPage(page, key);
    await watchStreamReady(page);
    await page.evaluate(() => {
      const w = window as unknown as {
        Hybridge: typeof import("@hybridge/app");
        changes: unknown[];
      };
      w.changes = [];
      w.Hybridge.db.watch("chat", (change) => w.changes.push(change));
    });
    const changes = () =>
      page.evaluate(() => (window as unknown as { changes: Array<{ type: string }> }).changes);
    await streamReady(page);

    // Another phone adds one document once the stream is open: this page hears of that one.
    const added = await addDocument(key, "chat", { text: "from another phone" });
    await expect.poll(changes).toEqual([{ type: "added", document: added }]);
    // This page adds one through the SDK (a cross-origin POST with the key), and lists them.
    const listed = await page.evaluate(async () => {
      const { db } = (window as unknown as { Hybridge: typeof import("@hybridge/app") }).Hybridge;
      const id = await db.add("chat", { text: "from this page" });
      const docs = await db.getDocs("chat");
      await db.delete("chat", id);
      return { id, texts: docs.map((d) => d.text) };
    });
    expect(listed.texts[0]).toBe("from this page");
    expect(listed.texts).toContain("from another phone");
    await expect
      .poll(async () =>
        (await changes()).some(
          (c) => c.type === "deleted" && (c as unknown as { id: string }).id === listed.id,
        ),
      )
      .toBe(true);
  });

  it("db.watch stops and reports when the project's key is regenerated", async () => {
    const { context, page, allowErrors } = await browser.newPage();
    // The stream's reconnection with the old key, and the SDK's check of that key: both 401.
    allowErrors(failedResource(401), /EventSource's response has a status 401/);
    await createSignedInUser(context);
    const project = await createConsoleProject(context);
    const key = await revealDatabaseKey(context, project.id);
    await openSdkPage(page, key);
    await watchStreamReady(page);
    await page.evaluate(() => {
      const w = window as unknown as {
        Hybridge: typeof import("@hybridge/app");
        changes: unknown[];
        errors: Array<{ code: string; status: number }>;
      };
      w.changes = [];
      w.errors = [];
      w.Hybridge.db.watch("chat", (change) => w.changes.push(change), {
        onError: (error) => w.errors.push({ code: error.code, status: error.status }),
      });
    });
    const seen = () =>
      page.evaluate(() => {
        const w = window as unknown as { changes: unknown[]; errors: unknown[] };
        return { changes: w.changes.length, errors: w.errors };
      });
    await streamReady(page);
    await addDocument(key, "chat", { text: "before" });
    await expect.poll(async () => (await seen()).changes).toBe(1);

    // The owner regenerates the key: the server ends the stream, its reconnection is refused.
    const regenerated = await context.request.post(
      `${baseUrl()}/api/projects/${encodeURIComponent(project.id)}/settings/database-key`,
      { headers: { origin: baseUrl() } },
    );
    expect(regenerated.status()).toBe(200);
    const newKey = ((await regenerated.json()) as { settings: { databaseKey: string } }).settings
      .databaseKey;
    await expect
      .poll(async () => (await seen()).errors, { timeout: 15_000 })
      .toEqual([{ code: "UNAUTHENTICATED", status: 401 }]);
    const { changes } = await seen();
    await addDocument(newKey, "chat", { text: "after" });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await seen()).toEqual({ changes, errors: [{ code: "UNAUTHENTICATED", status: 401 }] });
  });
});
