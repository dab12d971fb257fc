import {
  APP_KEY_HEADER,
  APP_USERS_API_PATH,
  type AppUserSession,
} from "@hybridge/shared/app-users/schemas";
import { paths } from "@hybridge/shared/common/paths";
import { DataTexts, DatabaseSectionTexts as T } from "@hybridge/shared/data/texts";
import { parseRule } from "@hybridge/shared/rules/expression";
import { RULE_TEMPLATES } from "@hybridge/shared/rules/schemas";
import { RulesConsoleTexts as R, RulesTexts } from "@hybridge/shared/rules/texts";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectHidden, expectVisible } from "./support/assertions";
import { useBrowser } from "./support/browser";
import { baseUrl } from "./support/env";
import { createConsoleProject, revealDatabaseKey } from "./support/test-console";
import { createSignedInUser, uniqueEmail, uniquePassword } from "./support/users";

const browser = useBrowser();

/** A list of the data API, as a live app (its app key, nobody signed in) or with the Test Mode key. */
async function listNotes(headers: Record<string, string>) {
  const response = await fetch(`${baseUrl()}/api/v1/db/collections/notes/documents`, { headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as { documents: Record<string, unknown>[] }).documents;
}

/** An app user of the project, signed up as the app's SDK does. */
async function signUpAppUser(appKey: string, email: string): Promise<AppUserSession> {
  const response = await fetch(`${baseUrl()}${APP_USERS_API_PATH}/sign-up`, {
    method: "POST",
    headers: { [APP_KEY_HEADER]: appKey, "content-type": "application/json" },
    body: JSON.stringify({ email, password: uniquePassword() }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as AppUserSession;
}

/** What the tester says of a list before the rule's text. */
const listAnswer = (visible: number, matching: number) =>
  RulesTexts.testList(visible, matching, "\u0000").split("\u0000")[0] ?? "";

/** The message the editor shows under a rule: the shared parser's, placed. */
function placedError(source: string) {
  const parsed = parseRule(source, "list");
  if (parsed.ok) throw new Error(`${source} parses`);
  const { line, column, message } = parsed.error;
  return `line ${line}, position ${column}: ${message}`;
}

/** The field a control's aria-describedby names holds `text`. */
async function expectDescribedBy(control: Locator, page: Page, text: string) {
  await expect.poll(() => control.getAttribute("aria-invalid")).toBe("true");
  const ids = (await control.getAttribute("aria-describedby"))?.split(" ") ?? [];
  const described = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(described.join(" ")).toContain(text);
}

describe("the Database page's access rules", () => {
  it("adds rules from a template, checks them as typed, saves, reloads, tests them as nobody and as a user", async () => {
    const { context, page } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createConsoleProject(context);
    const key = await revealDatabaseKey(context, project.id);

    await page.goto(paths.project(project.id));
    const section = page.getByRole("region", { name: T.title, exact: true });
    await expectVisible(section.getByText(R.bypassNote, { exact: true }));

    // notes has no documents yet: its rules come first, by its name.
    await section.getByRole("button", { name: R.addForCollection }).click();
    const add = section.getByRole("form", { name: R.addForCollection });
    await add.getByLabel(R.collectionName).fill("Notes!");
    await add.getByRole("button", { name: R.continue }).click();
    await expectVisible(add.getByText(DataTexts.invalidCollection, { exact: true }));
    await add.getByLabel(R.collectionName).fill("notes");
    await add.getByRole("button", { name: R.continue }).click();

    const dialog = page.getByRole("dialog", { name: R.title("notes") });
    await expectVisible(dialog.getByText(R.noRulesYet, { exact: true }));
    await dialog.getByRole("button", { name: R.templates.privatePerUser }).click();
    const listExpression = dialog.getByLabel(R.expressionLabel(R.actions.list), { exact: true });
    await expect.poll(() => listExpression.inputValue()).toBe(RULE_TEMPLATES.privatePerUser.list);

    // A typo is placed as it is typed, under its field.
    const typo = "doc.owner == auht.id";
    await listExpression.fill(typo);
    await expectVisible(dialog.getByText(placedError(typo), { exact: true }));
    await expectDescribedBy(listExpression, page, placedError(typo));
    await dialog.getByRole("button", { name: R.save }).click();
    await expectVisible(dialog.getByText(R.fixErrors, { exact: true }));
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");

    await listExpression.fill(RULE_TEMPLATES.privatePerUser.list);
    await expectHidden(dialog.getByText(placedError(typo), { exact: true }));
    await expect.poll(() => listExpression.getAttribute("aria-invalid")).toBeNull();
    await dialog.getByRole("button", { name: R.save }).click();
    await expectVisible(page.getByText(R.saved("notes"), { exact: true }));

    // No sideways scroll on a phone, the dialog open.
    await page.setViewportSize({ width: 360, height: 780 });
    const widths = await dialog.evaluate((element) => ({
      page: document.documentElement.scrollWidth,
      dialog: element.scrollWidth - element.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(360);
    expect(widths.dialog).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Two notes, added with the Test Mode key (which bypasses the rules): one is Ann's.
    const ann = await signUpAppUser(project.keyApp, uniqueEmail());
    for (const note of [
      { owner: "someone", text: "Buy milk" },
      { owner: ann.user.id, text: "Call Bob" },
    ]) {
      const added = await fetch(`${baseUrl()}/api/v1/db/collections/notes/documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(note),
      });
      expect(added.status).toBe(201);
    }

    // After a reload, the rules are stored: the list says so, the editor shows them.
    await page.reload();
    const collections = section.getByRole("list", { name: T.collections, exact: true });
    const notes = collections.getByRole("listitem").filter({ hasText: "notes" });
    await expectVisible(notes.getByText(R.summary(R.summaryTemplate.privatePerUser)));
    await notes.getByRole("button", { name: R.open, exact: true }).click();
    await expect
      .poll(() =>
        dialog.getByLabel(R.expressionLabel(R.actions.create), { exact: true }).inputValue(),
      )
      .toBe(RULE_TEMPLATES.privatePerUser.create);

    // The tester, as nobody: a list is refused, and why.
    const tester = dialog.getByRole("form", { name: R.testerTitle });
    await tester.getByLabel(R.asLabel, { exact: true }).selectOption("nobody");
    await tester.getByLabel(R.actionLabel, { exact: true }).selectOption("list");
    await tester.getByRole("button", { name: R.run, exact: true }).click();
    await expectVisible(tester.locator("..").getByText(R.refused, { exact: true }));
    await expectVisible(
      tester.locator("..").getByText(RulesTexts.testDecided(false, "false"), { exact: true }),
    );

    // As Ann: her note of the two.
    await tester.getByLabel(R.asLabel, { exact: true }).selectOption("user");
    await tester.getByLabel(R.emailLabel, { exact: true }).fill(ann.user.email);
    await tester.getByRole("button", { name: R.run, exact: true }).click();
    await expectVisible(tester.locator("..").getByText(R.allowed, { exact: true }));
    await expectVisible(tester.locator("..").getByText(listAnswer(1, 2), { exact: false }));

    // The data API agrees: a live app with nobody signed in lists nothing, Ann her note, the
    // Test Mode key both.
    expect(await listNotes({ [APP_KEY_HEADER]: project.keyApp })).toEqual([]);
    const hers = await listNotes({
      [APP_KEY_HEADER]: project.keyApp,
      authorization: `Bearer ${ann.accessToken}`,
    });
    expect(hers.map((note) => note.text)).toEqual(["Call Bob"]);
    const all = await listNotes({ authorization: `Bearer ${key}` });
    expect(all.map((note) => note.text).sort()).toEqual(["Buy milk", "Call Bob"]);
  });
});
