// @vitest-environment happy-dom
import type { AuditEvent } from "@hybridge/shared/audit/schemas";
import { AuditTexts as T } from "@hybridge/shared/audit/texts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { ActivitySection } from "./activity-section";
import { AdminAuditLog } from "./admin-audit-log";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = "/api/projects/p1/audit";
const CURSOR = "2026-11-27T09:00:00.000000Z_0b5c1a52-7d1e-4c8e-9f0a-2d3b4c5d6e7f";
const event = (id: string, fields: Partial<AuditEvent>): AuditEvent => ({
  id,
  time: "2026-11-27T09:00:00.000Z",
  actorId: "u1",
  actorName: "Ada",
  projectId: "p1",
  projectName: "My Shop",
  action: "key.regenerated",
  details: {},
  ...fields,
});

describe("the Activity section", () => {
  it("says who did what, newest first, and shows older events on demand", async () => {
    const calls = stubApi({
      [`GET ${base}`]: {
        body: {
          events: [
            event("e2", { action: "build.published", details: { version: 3 } }),
            event("e1", { action: "deploy-token.created", details: { name: "CI" } }),
          ],
          nextCursor: CURSOR,
        },
      },
      [`GET ${base}?cursor=${encodeURIComponent(CURSOR)}`]: {
        body: { events: [event("e0", { actorName: null })], nextCursor: null },
      },
    });
    renderWithApp(<ActivitySection projectId="p1" />);
    const first = await screen.findByText(T.sentence("Ada", "build.published"));
    const second = screen.getByText(T.sentence("Ada", "deploy-token.created"));
    // Newest first.
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(/version 3/)).toBeTruthy();
    expect(screen.getByText(/· CI/)).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: T.more }));
    expect(await screen.findByText(T.sentence(null, "key.regenerated"))).toBeTruthy();
    expect(T.sentence(null, "key.regenerated")).toBe(`${T.someone} regenerated the database key`);
    expect(screen.queryByRole("button", { name: T.more })).toBeNull();
    expect(calls.filter((call) => call.url.startsWith(base))).toHaveLength(2);
  });

  it("says when nothing was recorded, and when the list could not be read", async () => {
    stubApi({ [`GET ${base}`]: { body: { events: [], nextCursor: null } } });
    renderWithApp(<ActivitySection projectId="p1" />);
    expect(await screen.findByText(T.empty)).toBeTruthy();
    cleanup();
    stubApi({ [`GET ${base}`]: { status: 500, body: { code: "INTERNAL", message: "no" } } });
    renderWithApp(<ActivitySection projectId="p1" />);
    expect(await screen.findByText(T.loadFailed, {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe("the admins' audit log", () => {
  const session = (isAdmin: boolean) => ({
    "GET /api/session": { body: { user: { id: "u1", email: "boss@example.test", isAdmin } } },
  });

  it("lists every project's events with the project, and filters by action", async () => {
    const calls = stubApi({
      ...session(true),
      "GET /api/admin/audit": {
        body: {
          events: [
            event("e2", { action: "agent.added", projectId: null, projectName: null }),
            event("e1", { action: "build.published" }),
          ],
          nextCursor: null,
        },
      },
      "GET /api/admin/audit?action=agent.added": {
        body: {
          events: [event("e2", { action: "agent.added", projectId: null, projectName: null })],
          nextCursor: null,
        },
      },
    });
    renderWithApp(<AdminAuditLog />);
    expect(await screen.findByText(T.sentence("Ada", "agent.added"))).toBeTruthy();
    expect(screen.getByText(/My Shop/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText(T.filterLabel), "agent.added");
    await vi.waitFor(() =>
      expect(screen.queryByText(T.sentence("Ada", "build.published"))).toBeNull(),
    );
    expect(calls.some((call) => call.url === "/api/admin/audit?action=agent.added")).toBe(true);
  });

  it("shows nothing, and asks nothing, to someone not an admin", async () => {
    const calls = stubApi(session(false));
    const { container } = renderWithApp(<AdminAuditLog />);
    await vi.waitFor(() => expect(calls.some((call) => call.url === "/api/session")).toBe(true));
    expect(container.textContent).toBe("");
    expect(calls.some((call) => call.url.startsWith("/api/admin/audit"))).toBe(false);
  });
});
