// @vitest-environment happy-dom
import { QueryTexts, DatabaseSectionTexts as T } from "@hybridge/shared/data/texts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { DatabaseSection } from "./database-section";
import { readQueryValue } from "./query-bar";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const data = "/api/projects/p1/data/collections";
const doc = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  createdAt: "2026-11-27T09:00:00.000Z",
  updatedAt: "2026-11-27T09:00:00.000Z",
  version: 1,
  item: `Item ${n}`,
});
const collections = {
  [`GET ${data}`]: { body: { collections: [{ name: "orders", documents: 2 }] } },
  [`POST ${data}/orders/count`]: { body: { count: 2 } },
};

async function openOrders() {
  renderWithApp(<DatabaseSection projectId="p1" />);
  await userEvent.click(await screen.findByRole("button", { name: /orders/ }));
}

const queries = (calls: { method: string; url: string; body: unknown }[]) =>
  calls
    .filter((call) => call.method === "POST" && call.url.endsWith("/query"))
    .map((call) => JSON.parse(String(call.body)));

describe("a condition's value", () => {
  it("is JSON when it reads as JSON, else the text itself", () => {
    expect(readQueryValue("42")).toEqual({ json: true, value: 42, type: "number" });
    expect(readQueryValue('"open"')).toEqual({ json: true, value: "open", type: "string" });
    expect(readQueryValue(" true ")).toEqual({ json: true, value: true, type: "boolean" });
    expect(readQueryValue("null")).toEqual({ json: true, value: null, type: "null" });
    expect(readQueryValue('["a","b"]')).toEqual({ json: true, value: ["a", "b"], type: "array" });
    expect(readQueryValue("open")).toEqual({ json: false, value: "open" });
    expect(readQueryValue("")).toEqual({ json: false, value: "" });
  });
});

describe("the filter bar", () => {
  it("checks the query with the shared parser, each refusal at its field, then sends it", async () => {
    const calls = stubApi({
      ...collections,
      [`POST ${data}/orders/query`]: { body: { documents: [doc(1)], nextCursor: null } },
    });
    await openOrders();
    expect(await screen.findByText(new RegExp(T.matching(2)))).toBeTruthy();
    expect(queries(calls)).toEqual([{ limit: 20 }]);

    await userEvent.click(screen.getByRole("button", { name: T.addCondition }));
    // The new condition's field has the keyboard.
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: T.field }));
    await userEvent.click(screen.getByRole("button", { name: T.apply }));
    expect(await screen.findByText(QueryTexts.field("where[0].field"))).toBeTruthy();

    await userEvent.type(screen.getByRole("textbox", { name: T.field }), "status");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: T.operator }), "in");
    const value = screen.getByRole("textbox", { name: T.value });
    await userEvent.type(value, "open");
    expect(screen.getByText(T.valueText)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: T.apply }));
    expect(await screen.findByText(QueryTexts.listValue("where[0].value", "in", 30))).toBeTruthy();
    expect(queries(calls)).toHaveLength(1);

    await userEvent.clear(value);
    await userEvent.click(value);
    await userEvent.paste('["open", "closed"]');
    expect(screen.getByText(T.valueJson(T.jsonTypes.array))).toBeTruthy();
    await userEvent.clear(screen.getByRole("textbox", { name: T.sortField }));
    await userEvent.type(screen.getByRole("textbox", { name: T.sortField }), "price");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: T.sortDirection }), "asc");
    await userEvent.click(screen.getByRole("button", { name: T.apply }));
    await vi.waitFor(() => expect(queries(calls)).toHaveLength(2));
    expect(queries(calls)[1]).toEqual({
      where: [{ field: "status", op: "in", value: ["open", "closed"] }],
      orderBy: [{ field: "price", direction: "asc" }],
      limit: 20,
    });

    // A condition removed: the keyboard goes back to "Add a condition".
    await userEvent.click(screen.getByRole("button", { name: T.removeCondition(1) }));
    expect(screen.queryByRole("textbox", { name: T.field })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: T.addCondition }));
  });

  it("shows the server's refusal of a query in its words", async () => {
    const message = QueryTexts.tooSlow(2, QueryTexts.indexHint("status"));
    stubApi({
      ...collections,
      [`POST ${data}/orders/query`]: { status: 400, body: { code: "QUERY_TOO_SLOW", message } },
    });
    await openOrders();
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("loads the next page with the last page's cursor as after", async () => {
    const calls = stubApi(collections);
    const stubbed = globalThis.fetch;
    // The query answers by its body: the first page, then the one after "c1".
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith("/orders/query")) {
        calls.push({ method: "POST", url: String(input), body: init?.body });
        const body = JSON.parse(String(init?.body));
        const page =
          body.after === "c1"
            ? { documents: [doc(2)], nextCursor: null }
            : { documents: [doc(1)], nextCursor: "c1" };
        return new Response(JSON.stringify(page), {
          headers: { "content-type": "application/json" },
        });
      }
      return stubbed(input, init);
    });
    await openOrders();
    expect(await screen.findByText(/"item": "Item 1"/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: T.loadMore }));
    expect(await screen.findByText(/"item": "Item 2"/)).toBeTruthy();
    expect(queries(calls)).toEqual([{ limit: 20 }, { limit: 20, after: "c1" }]);
    expect(screen.queryByRole("button", { name: T.loadMore })).toBeNull();
  });
});
