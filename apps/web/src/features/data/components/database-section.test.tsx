// @vitest-environment happy-dom
import { DataTexts, DatabaseSectionTexts as T } from "@hybridge/shared/data/texts";
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

const ID = "0b5c1a52-7d1e-4c8e-9f0a-2d3b4c5d6e7f";
const data = "/api/projects/p1/data";
const document = {
  id: ID,
  createdAt: "2026-11-27T09:00:00.000Z",
  updatedAt: "2026-11-27T09:00:00.000Z",
  version: 1,
  item: "Tea",
};

describe("the Database section", () => {
  it("on a delete someone else's write overtook, says so in words, without the API's parameter", async () => {
    const calls = stubApi({
      [`GET ${data}/collections`]: { body: { collections: [{ name: "orders", documents: 1 }] } },
      [`POST ${data}/collections/orders/query`]: {
        body: { documents: [document], nextCursor: null },
      },
      [`POST ${data}/collections/orders/count`]: { body: { count: 1 } },
      [`DELETE ${data}/collections/orders/documents/${ID}?ifVersion=1`]: {
        status: 409,
        body: { code: "CONFLICT", message: DataTexts.versionConflict },
      },
    });
    renderWithApp(
      <>
        <DatabaseSection projectId="p1" />
        <Toaster />
      </>,
    );
    await userEvent.click(await screen.findByRole("button", { name: /orders/ }));
    await userEvent.click(await screen.findByRole("button", { name: `${T.delete} ${ID}` }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: T.delete }));

    expect(await screen.findByText(T.deleteConflict)).toBeTruthy();
    expect(T.deleteConflict).not.toMatch(/ifVersion/);
    expect(screen.queryByText(DataTexts.versionConflict)).toBeNull();
    // The dialog closes, and the list is read again to show their version.
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await vi.waitFor(() =>
      expect(
        calls.filter((call) => call.url === `${data}/collections/orders/query`).length,
      ).toBeGreaterThan(1),
    );
  });
});
