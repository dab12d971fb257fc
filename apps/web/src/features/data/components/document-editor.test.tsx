// @vitest-environment happy-dom
import { DataTexts, DatabaseSectionTexts as T } from "@hybridge/shared/data/texts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { DocumentEditor } from "./document-editor";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = "0b5c1a52-7d1e-4c8e-9f0a-2d3b4c5d6e7f";
const path = `/api/projects/p1/data/collections/orders/documents/${ID}`;
const document = {
  id: ID,
  createdAt: "2026-11-27T09:00:00.000Z",
  updatedAt: "2026-11-27T09:00:00.000Z",
  version: 1,
  item: "Tea",
};

function openEditor() {
  const onClose = vi.fn();
  renderWithApp(
    <DocumentEditor
      projectId="p1"
      collection="orders"
      target={{ mode: "edit", document }}
      onClose={onClose}
    />,
  );
  return onClose;
}

/** Replaces the editor's text with `text`, typed as the user would paste it. */
async function write(text: string) {
  const editor = screen.getByRole("textbox", { name: T.jsonLabel });
  await userEvent.clear(editor);
  await userEvent.click(editor);
  await userEvent.paste(text);
  return editor as HTMLTextAreaElement;
}

const puts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === "PUT");

describe("the document editor", () => {
  it("shows the document's id, dates and version, and its fields as JSON, focused", async () => {
    stubApi({});
    openEditor();
    const editor = (await screen.findByRole("textbox", {
      name: T.jsonLabel,
    })) as HTMLTextAreaElement;
    expect(JSON.parse(editor.value)).toEqual({ item: "Tea" });
    expect(screen.getByText(ID)).toBeTruthy();
    expect(screen.getByText(T.versionLabel).nextElementSibling?.textContent).toBe("1");
    expect(globalThis.document.activeElement).toBe(editor);
  });

  it("sends nothing until the text is a JSON object, and says why", async () => {
    const calls = stubApi({});
    openEditor();
    await screen.findByRole("textbox", { name: T.jsonLabel });
    await write('{ "item": "Tea", }');
    await userEvent.click(screen.getByRole("button", { name: T.save }));
    expect(await screen.findByText(/^This is not valid JSON: /)).toBeTruthy();
    await write('["Tea"]');
    await userEvent.click(screen.getByRole("button", { name: T.save }));
    expect(await screen.findByText(T.notAnObject)).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it("shows the server's refusal under the text, and keeps the text", async () => {
    const calls = stubApi({
      [`PUT ${path}?ifVersion=1`]: {
        status: 400,
        body: { code: "VALIDATION", message: DataTexts.reservedField("id") },
      },
    });
    const onClose = openEditor();
    await screen.findByRole("textbox", { name: T.jsonLabel });
    const editor = await write('{ "id": "mine" }');
    await userEvent.click(screen.getByRole("button", { name: T.save }));
    expect(await screen.findByText(DataTexts.reservedField("id"))).toBeTruthy();
    expect(editor.value).toBe('{ "id": "mine" }');
    expect(puts(calls)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("on a conflict says someone else changed it, reloads their version and keeps the user's text", async () => {
    const theirs = {
      ...document,
      version: 2,
      updatedAt: "2026-11-27T09:05:00.000Z",
      item: "Coffee",
    };
    const calls = stubApi({
      [`PUT ${path}?ifVersion=1`]: {
        status: 409,
        body: { code: "CONFLICT", message: DataTexts.versionConflict },
      },
      [`GET ${path}`]: { body: theirs },
      [`PUT ${path}?ifVersion=2`]: { body: { ...theirs, version: 3, item: "Milk" } },
    });
    const onClose = openEditor();
    await screen.findByRole("textbox", { name: T.jsonLabel });
    const editor = await write('{ "item": "Milk" }');
    await userEvent.click(screen.getByRole("button", { name: T.save }));

    expect(await screen.findByText(T.conflictTitle)).toBeTruthy();
    const reload = screen.getByRole("button", { name: T.reload });
    expect(globalThis.document.activeElement).toBe(reload);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(reload);

    expect(await screen.findByText(T.reloaded(2))).toBeTruthy();
    expect(screen.getByText(T.versionLabel).nextElementSibling?.textContent).toBe("2");
    expect(screen.getByText(/"item": "Coffee"/)).toBeTruthy();
    expect(editor.value).toBe('{ "item": "Milk" }');

    // Saving now writes over their version, at the version reloaded.
    await userEvent.click(screen.getByRole("button", { name: T.save }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts(calls).map((call) => [call.url, call.body])).toEqual([
      [`${path}?ifVersion=1`, '{"item":"Milk"}'],
      [`${path}?ifVersion=2`, '{"item":"Milk"}'],
    ]);
  });

  it("offers their version instead of the user's text after a reload", async () => {
    const theirs = { ...document, version: 2, item: "Coffee" };
    stubApi({
      [`PUT ${path}?ifVersion=1`]: {
        status: 409,
        body: { code: "CONFLICT", message: DataTexts.versionConflict },
      },
      [`GET ${path}`]: { body: theirs },
    });
    openEditor();
    await screen.findByRole("textbox", { name: T.jsonLabel });
    const editor = await write('{ "item": "Milk" }');
    await userEvent.click(screen.getByRole("button", { name: T.save }));
    await userEvent.click(await screen.findByRole("button", { name: T.reload }));
    await userEvent.click(await screen.findByText(T.theirs(2)));
    await userEvent.click(screen.getByRole("button", { name: T.useTheirs }));
    expect(JSON.parse(editor.value)).toEqual({ item: "Coffee" });
  });
});
