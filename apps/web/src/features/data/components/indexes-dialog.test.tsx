// @vitest-environment happy-dom
import type { CollectionIndex } from "@hybridge/shared/data/indexes";
import {
  IndexPanelTexts as I,
  IndexTexts,
  QueryTexts,
  DatabaseSectionTexts as T,
} from "@hybridge/shared/data/texts";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "@/test/render";
import { DatabaseSection } from "./database-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const data = "/api/projects/p1/data/collections";
const indexesUrl = `${data}/orders/indexes`;

type Call = { method: string; url: string; body: unknown };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * A server with one collection, whose indexes live in `indexes` (each read of the list moves a
 * building index on to `next`), and whose query answers `query`.
 */
function stubServer(options: {
  indexes?: CollectionIndex[];
  next?: "ready" | "failed";
  declare?: (body: { fields: CollectionIndex["fields"] }) => Response;
  query?: () => Response;
}) {
  const calls: Call[] = [];
  let indexes = options.indexes ?? [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body });
    if (method === "GET" && url === data) {
      return json({ collections: [{ name: "orders", documents: 2 }] });
    }
    if (url === `${data}/orders/count`) return json({ count: 2 });
    if (url === `${data}/orders/query`) {
      return options.query?.() ?? json({ documents: [], nextCursor: null });
    }
    if (method === "GET" && url === indexesUrl) {
      const answer = { indexes };
      indexes = indexes.map((one) =>
        one.status === "building"
          ? {
              ...one,
              status: options.next ?? "ready",
              error: options.next === "failed" ? "could not create unique index" : null,
            }
          : one,
      );
      return json(answer);
    }
    if (method === "POST" && url === indexesUrl) {
      const body = JSON.parse(String(init?.body));
      const refused = options.declare?.(body);
      if (refused) return refused;
      const index: CollectionIndex = {
        id: `00000000-0000-4000-8000-00000000000${indexes.length + 1}`,
        collection: "orders",
        fields: body.fields.map((one: { field: string; mode: string }) => ({
          field: one.field.split("."),
          mode: one.mode,
        })),
        status: "building",
        error: null,
        createdAt: "2026-11-27T09:00:00.000Z",
      };
      indexes = [...indexes, index];
      return json(index, 202);
    }
    if (method === "DELETE" && url.startsWith(`${indexesUrl}/`)) {
      indexes = indexes.filter((one) => !url.endsWith(one.id));
      return json({ ok: true });
    }
    return json({ code: "NOT_FOUND", message: "Not found" }, 404);
  });
  return calls;
}

async function openIndexes() {
  renderWithApp(
    <>
      <DatabaseSection projectId="p1" />
      <Toaster />
    </>,
  );
  await userEvent.click(await screen.findByRole("button", { name: /orders/ }));
  await userEvent.click(await screen.findByRole("button", { name: I.open }));
  return screen.findByRole("dialog", { name: I.title("orders") });
}

const declared = (calls: Call[]) =>
  calls
    .filter((call) => call.method === "POST" && call.url === indexesUrl)
    .map((call) => JSON.parse(String(call.body)));

describe("a collection's indexes", () => {
  it("declares an index from the keyboard, shows it building, then ready", async () => {
    const calls = stubServer({});
    const dialog = await openIndexes();
    expect(await within(dialog).findByText(I.empty)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole("textbox", { name: I.fieldLabel(1) }));
    await userEvent.keyboard("status");
    await userEvent.click(within(dialog).getByRole("button", { name: I.addField }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: I.fieldLabel(2) }), "price");
    expect(
      (within(dialog).getByRole("combobox", { name: I.modeLabel(2) }) as HTMLSelectElement).value,
    ).toBe("asc");
    await userEvent.click(within(dialog).getByRole("button", { name: I.create }));

    expect(await screen.findByText(I.created)).toBeTruthy();
    expect(declared(calls)).toEqual([
      {
        fields: [
          { field: "status", mode: "==" },
          { field: "price", mode: "asc" },
        ],
      },
    ]);
    expect(await within(dialog).findByText("status ==, price asc")).toBeTruthy();
    // Read again while it builds: then ready.
    expect(await within(dialog).findByText(I.statusReady, {}, { timeout: 4000 })).toBeTruthy();
  });

  it("says at the field what the shared schema refuses, and the server's refusal in its words", async () => {
    const calls = stubServer({
      declare: () => json({ code: "CONFLICT", message: IndexTexts.duplicate }, 409),
    });
    const dialog = await openIndexes();
    await userEvent.type(within(dialog).getByRole("textbox", { name: I.fieldLabel(1) }), "price");
    await userEvent.selectOptions(
      within(dialog).getByRole("combobox", { name: I.modeLabel(1) }),
      "asc",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: I.addField }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: I.fieldLabel(2) }), "status");
    await userEvent.selectOptions(
      within(dialog).getByRole("combobox", { name: I.modeLabel(2) }),
      "==",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: I.create }));
    expect(
      await within(dialog).findByText(IndexTexts.equalityAfterOrder("fields[1].mode")),
    ).toBeTruthy();
    expect(declared(calls)).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: I.removeField(2) }));
    await userEvent.click(within(dialog).getByRole("button", { name: I.create }));
    expect(await within(dialog).findByText(IndexTexts.duplicate)).toBeTruthy();
    expect(declared(calls)).toEqual([{ fields: [{ field: "price", mode: "asc" }] }]);
  });

  it("shows why a build failed, and deletes an index after a confirmation", async () => {
    const calls = stubServer({
      indexes: [
        {
          id: "00000000-0000-4000-8000-000000000009",
          collection: "orders",
          fields: [{ field: ["name"], mode: "asc" }],
          status: "failed",
          error: "index row size 6416 exceeds btree version 4 maximum 2704",
          createdAt: "2026-11-27T09:00:00.000Z",
        },
      ],
    });
    const dialog = await openIndexes();
    expect(await within(dialog).findByText(I.statusFailed)).toBeTruthy();
    expect(
      within(dialog).getByText(
        I.failedBecause("index row size 6416 exceeds btree version 4 maximum 2704"),
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: I.deleteIndex("name asc") }));
    const confirm = await screen.findByRole("alertdialog", { name: I.deleteTitle });
    await userEvent.click(within(confirm).getByRole("button", { name: I.delete }));
    expect(await screen.findByText(I.deleted)).toBeTruthy();
    expect(calls.some((call) => call.method === "DELETE")).toBe(true);
    expect(await within(dialog).findByText(I.empty)).toBeTruthy();
  });

  it("offers the index a query refused as too slow names, prefilled", async () => {
    const calls = stubServer({
      query: () =>
        json(
          {
            code: "QUERY_TOO_SLOW",
            message: QueryTexts.tooSlow(2, QueryTexts.indexHint("status ==, price desc")),
          },
          400,
        ),
    });
    renderWithApp(<DatabaseSection projectId="p1" />);
    await userEvent.click(await screen.findByRole("button", { name: /orders/ }));
    await userEvent.click(await screen.findByRole("button", { name: T.addCondition }));
    await userEvent.type(screen.getByRole("textbox", { name: T.field }), "status");
    await userEvent.type(screen.getByRole("textbox", { name: T.value }), "open");
    await userEvent.clear(screen.getByRole("textbox", { name: T.sortField }));
    await userEvent.type(screen.getByRole("textbox", { name: T.sortField }), "price");
    await userEvent.click(screen.getByRole("button", { name: T.apply }));
    expect(await screen.findByText(I.suggestLead("status ==, price desc"))).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: I.suggest }));
    const dialog = await screen.findByRole("dialog", { name: I.title("orders") });
    const field = (n: number) =>
      (within(dialog).getByRole("textbox", { name: I.fieldLabel(n) }) as HTMLInputElement).value;
    const mode = (n: number) =>
      (within(dialog).getByRole("combobox", { name: I.modeLabel(n) }) as HTMLSelectElement).value;
    expect([field(1), mode(1), field(2), mode(2)]).toEqual(["status", "==", "price", "desc"]);
    await userEvent.click(within(dialog).getByRole("button", { name: I.create }));
    await vi.waitFor(() =>
      expect(declared(calls)).toEqual([
        {
          fields: [
            { field: "status", mode: "==" },
            { field: "price", mode: "desc" },
          ],
        },
      ]),
    );
  });
});
