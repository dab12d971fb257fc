// @vitest-environment happy-dom
import { UpdatePreviewTexts as P } from "@hybridge/shared/updates/texts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "@/test/fake-event-source";
import { renderWithApp, stubApi } from "@/test/render";
import { UpdatesSection } from "./updates-section";

beforeEach(() => {
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  FakeEventSource.opened = [];
  cleanup();
  vi.unstubAllGlobals();
});

const ID = "2c5c1a52-7d1e-4c8e-9f0a-2d3b4c5d6e7f";
const OLD = "3c5c1a52-7d1e-4c8e-9f0a-2d3b4c5d6e7f";
const counts = { asked: 0, downloaded: 0, applied: 0, ready: 0, failed: 0, rolledBack: 0 };
const update = (id: string, message: string, rolledBackAt: string | null) => ({
  id,
  channel: "production",
  message,
  runtimeVersion: "1",
  rolloutPercent: 10,
  paused: false,
  rolledBackAt,
  size: 4096,
  sha256: "ab",
  createdAt: "2026-11-27T09:00:00.000Z",
  counts,
});
const body = {
  appKey: "my-shop",
  buildChannel: "production",
  channels: [
    {
      name: "production",
      embeddedAt: null,
      createdAt: "2026-11-27T08:00:00.000Z",
      updates: [
        update(ID, "New checkout", null),
        update(OLD, "Old one", "2026-11-27T10:00:00.000Z"),
      ],
    },
  ],
};

describe("an update's Preview", () => {
  it("shows the QR code and the copyable preview link of the update", async () => {
    stubApi({ "GET /api/projects/p1/updates": { body } });
    renderWithApp(<UpdatesSection projectId="p1" />);
    const row = await screen.findByRole("listitem", { name: "New checkout" });
    await userEvent.click(within(row).getByRole("button", { name: /Preview/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(P.title)).toBeTruthy();
    const link = `${window.location.origin}/dev/my-shop?update=${ID}`;
    expect(within(dialog).getByText(link)).toBeTruthy();
    const qr = within(dialog).getByRole("img", { name: P.qrLabel });
    expect(Number(qr.getAttribute("data-qr-size"))).toBeGreaterThan(20);
    expect(within(dialog).getByRole("button", { name: new RegExp(P.linkLabel) })).toBeTruthy();
    expect(within(dialog).queryByText(P.notLive)).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: P.close }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("is offered for a rolled-back update too, saying it is not offered to installs", async () => {
    stubApi({ "GET /api/projects/p1/updates": { body } });
    renderWithApp(<UpdatesSection projectId="p1" />);
    const row = await screen.findByRole("listitem", { name: "Old one" });
    expect(within(row).queryByRole("button", { name: /Pause/ })).toBeNull();
    await userEvent.click(within(row).getByRole("button", { name: /Preview/ }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText(`${window.location.origin}/dev/my-shop?update=${OLD}`),
    ).toBeTruthy();
    expect(within(dialog).getByText(P.notLive)).toBeTruthy();
  });
});
