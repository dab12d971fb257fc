// @vitest-environment happy-dom
import { type CollectionRulesView, RULE_TEMPLATES } from "@hybridge/shared/rules/schemas";
import { RulesConsoleTexts as R, RulesTexts } from "@hybridge/shared/rules/texts";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { DatabaseSection } from "./database-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const data = "/api/projects/p1/data";
const rules = "/api/projects/p1/rules";
const stored: CollectionRulesView = {
  collection: "drafts",
  ...RULE_TEMPLATES.privatePerUser,
  updatedAt: "2026-11-27T09:00:00.000Z",
};

function renderSection(routes: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    [`GET ${data}/collections`]: { body: { collections: [{ name: "orders", documents: 2 }] } },
    [`GET ${rules}`]: { body: { collections: [stored] } },
    ...routes,
  });
  renderWithApp(
    <>
      <DatabaseSection projectId="p1" />
      <Toaster />
    </>,
  );
  return calls;
}

/** Opens the editor of `collection` from its row of the list. */
async function openRules(collection: string) {
  const list = await screen.findByRole("list", { name: "Collections" });
  const row = (await within(list).findAllByRole("listitem")).find((item) =>
    item.textContent?.includes(collection),
  );
  if (!row) throw new Error(`no row for ${collection}`);
  await userEvent.click(await within(row).findByRole("button", { name: R.open }));
  return screen.findByRole("dialog", { name: R.title(collection) });
}

describe("the Database section's access rules", () => {
  it("lists each collection's access state, a collection with rules and no documents included", async () => {
    renderSection();
    const list = await screen.findByRole("list", { name: "Collections" });
    const rows = await within(list).findAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining(R.summary(R.summaryTemplate.privatePerUser)),
      expect.stringContaining(R.noRules),
    ]);
    expect(rows[0]?.textContent).toContain("drafts");
    // Each row's Rules button says which collection, and its state, as its description.
    const button = within(rows[1] as HTMLElement).getByRole("button", { name: R.open });
    const described = (button.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["orders", R.noRules]);
    expect(screen.getByText(R.bypassNote)).toBeTruthy();
  });

  it("checks a rule as it is typed, and keeps the editor's text when the save fails", async () => {
    const calls = renderSection({
      [`PUT ${rules}/orders`]: {
        status: 500,
        body: { code: "INTERNAL", message: "Something went wrong." },
      },
    });
    const dialog = await openRules("orders");
    expect(within(dialog).getByText(R.noRulesYet)).toBeTruthy();
    await userEvent.selectOptions(
      within(dialog).getByLabelText(R.whoLabel(R.actions.create)),
      "custom",
    );
    const create = within(dialog).getByLabelText(R.expressionLabel(R.actions.create));
    // Custom starts from the choice it replaces.
    expect((create as HTMLTextAreaElement).value).toBe("false");
    await userEvent.clear(create);
    await userEvent.type(create, "doc.owner == auth.id");
    const error = `line 1, position 1: ${RulesTexts.docInCreate}`;
    expect(within(dialog).getByText(error)).toBeTruthy();
    expect(create.getAttribute("aria-invalid")).toBe("true");
    const describedBy = create.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe(error);

    await userEvent.click(within(dialog).getByRole("button", { name: R.save }));
    expect(within(dialog).getByText(R.fixErrors)).toBeTruthy();
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
    expect(document.activeElement).toBe(create);

    await userEvent.clear(create);
    await userEvent.type(create, "data.owner == auth.id");
    expect(create.getAttribute("aria-invalid")).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: R.save }));
    expect(await within(dialog).findByText(/could not be saved/)).toBeTruthy();
    const put = calls.find((call) => call.method === "PUT");
    expect(JSON.parse(String(put?.body))).toEqual({
      ...RULE_TEMPLATES.nobody,
      create: "data.owner == auth.id",
    });
    expect((create as HTMLTextAreaElement).value).toBe("data.owner == auth.id");
  });

  it("applies a template, saves it, and removes rules after a confirmation", async () => {
    // The server's stored rules, as the save and the removal change them.
    let current: CollectionRulesView | null = stored;
    const calls = renderSection({
      [`GET ${rules}`]: {
        get body() {
          return { collections: current ? [current] : [] };
        },
      },
      [`PUT ${rules}/drafts`]: {
        get body() {
          current = { ...stored, ...RULE_TEMPLATES.publicReadOwnerWrite };
          return current;
        },
      },
      [`DELETE ${rules}/drafts`]: {
        status: 204,
        get body() {
          current = null;
          return null;
        },
      },
    });
    const dialog = await openRules("drafts");
    await userEvent.click(
      within(dialog).getByRole("button", { name: R.templates.publicReadOwnerWrite }),
    );
    expect(
      (within(dialog).getByLabelText(R.whoLabel(R.actions.list)) as HTMLSelectElement).value,
    ).toBe("everyone");
    expect(within(dialog).getByText(R.unsaved)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: R.save }));
    expect(await screen.findByText(R.saved("drafts"))).toBeTruthy();
    await vi.waitFor(() => expect(within(dialog).queryByText(R.unsaved)).toBeNull());
    const put = calls.find((call) => call.method === "PUT");
    expect(JSON.parse(String(put?.body))).toEqual(RULE_TEMPLATES.publicReadOwnerWrite);

    await userEvent.click(within(dialog).getByRole("button", { name: R.remove }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText(R.removeText)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: R.remove }));
    expect(await screen.findByText(R.removed("drafts"))).toBeTruthy();
    expect(await within(dialog).findByText(R.noRulesYet)).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: R.remove })).toBeNull();
    expect(calls.some((call) => call.method === "DELETE" && call.url === `${rules}/drafts`)).toBe(
      true,
    );
  });

  it("tests the editor's unsaved rules as a user, and says at the field when nobody has the e-mail", async () => {
    const reason = RulesTexts.testList(1, 3, 'owner == "u1"');
    // The tester's answer, changed between two runs.
    const answer: { status: number; body: unknown } = {
      status: 404,
      body: { code: "NOT_FOUND", message: RulesTexts.testUserNotFound },
    };
    const calls = renderSection({ [`POST ${rules}/test`]: answer });
    const tests = () => calls.filter((call) => call.url === `${rules}/test`);
    const dialog = await openRules("drafts");
    await userEvent.selectOptions(
      within(dialog).getByLabelText(R.whoLabel(R.actions.get)),
      "everyone",
    );
    const tester = within(dialog).getByRole("form", { name: R.testerTitle });
    await userEvent.selectOptions(within(tester).getByLabelText(R.asLabel), "user");
    await userEvent.click(within(tester).getByRole("button", { name: R.run }));
    expect(within(tester).getByText(R.emailRequired)).toBeTruthy();
    expect(tests()).toHaveLength(0);

    await userEvent.type(within(tester).getByLabelText(R.emailLabel), "ann@example.com");
    await userEvent.click(within(tester).getByRole("button", { name: "Add a condition" }));
    await userEvent.type(within(tester).getByLabelText("Field"), "status");
    await userEvent.type(within(tester).getByLabelText("Value"), "open");
    await userEvent.click(within(tester).getByRole("button", { name: R.run }));
    expect(await within(tester).findByText(RulesTexts.testUserNotFound)).toBeTruthy();
    expect(JSON.parse(String(tests()[0]?.body))).toEqual({
      collection: "drafts",
      action: "list",
      email: "ann@example.com",
      rules: { ...RULE_TEMPLATES.privatePerUser, get: "true" },
      where: [{ field: "status", op: "==", value: "open" }],
    });

    answer.status = 200;
    answer.body = { allowed: true, reason, matching: 3, visible: 1 };
    await userEvent.click(within(tester).getByRole("button", { name: R.run }));
    expect(await within(dialog).findByText(reason)).toBeTruthy();
    expect(within(dialog).getByText(R.allowed)).toBeTruthy();
    // The answer was for these rules: another rule makes it stale.
    await userEvent.selectOptions(
      within(dialog).getByLabelText(R.whoLabel(R.actions.get)),
      "nobody",
    );
    expect(within(dialog).queryByText(reason)).toBeNull();
  });

  it("asks before closing over unsaved changes", async () => {
    renderSection();
    // Nothing changed: it closes at once.
    await openRules("orders");
    await userEvent.keyboard("{Escape}");
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const again = await openRules("orders");
    await userEvent.selectOptions(
      within(again).getByLabelText(R.whoLabel(R.actions.list)),
      "everyone",
    );
    await userEvent.click(within(again).getByRole("button", { name: R.close }));
    const confirm = await screen.findByRole("alertdialog");
    await userEvent.click(within(confirm).getByRole("button", { name: R.keepEditing }));
    expect(
      (within(again).getByLabelText(R.whoLabel(R.actions.list)) as HTMLSelectElement).value,
    ).toBe("everyone");
    await userEvent.click(within(again).getByRole("button", { name: R.close }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: R.discard }),
    );
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
