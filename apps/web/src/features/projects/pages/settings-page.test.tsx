// @vitest-environment happy-dom
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { cleanup, screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { SettingsPage } from "./settings-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const key = `hb_test_${"a".repeat(43)}`;

describe("the settings page", () => {
  it("shows the Test Mode key and its Copy button first, the application id's explanation after", async () => {
    stubApi({
      "GET /api/session": {
        body: { user: { id: "u1", email: "ada@example.test", isAdmin: false } },
      },
      "GET /api/projects/p1/settings": {
        body: {
          settings: {
            projectId: "p1",
            appId: "encrypted-id",
            appKey: "my-shop",
            appName: "My Shop",
            databaseKey: key,
            databaseKeyMasked: "hb_test_aaaa…",
            keyRevealedAt: null,
            testKeyEnabled: true,
            createdAt: "2026-01-01T10:00:00.000Z",
          },
        },
      },
    });
    renderWithApp(
      <Routes>
        <Route path="/settings/:id" element={<SettingsPage />} />
      </Routes>,
      { path: "/settings/p1" },
    );
    const shownKey = await screen.findByTestId("database-key");
    expect(shownKey.textContent).toBe(key);
    const copy = screen.getByRole("button", {
      name: `Copy ${ProjectsTexts.copyLabels.databaseKey}`,
    });
    const explanation = screen.getByText(ProjectsTexts.appIdExplanation);
    const before = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(before(shownKey, explanation)).toBe(true);
    expect(before(copy, explanation)).toBe(true);
    // One name per thing: the key is the Test Mode key, the command takes the app key.
    expect(screen.getByRole("region", { name: ProjectsTexts.databaseKeyTitle })).toBeTruthy();
    expect(ProjectsTexts.databaseKeyTitle).toBe("Test Mode key");
    expect(document.body.textContent).toContain("--app-key my-shop");
    expect(document.body.textContent).not.toMatch(/database key|--key /i);
  });
});
