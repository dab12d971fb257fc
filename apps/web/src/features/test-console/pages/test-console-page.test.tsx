// @vitest-environment happy-dom
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { cleanup, screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { TestConsolePage } from "./test-console-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The console as the server answers a first visit: the project's own colours, no address. */
function consoleAnswer(network: string, qrText: string | null) {
  return {
    project: { keyApp: "my-shop", name: "My Shop" },
    projects: ["my-shop"],
    config: {
      tester: "owner@example.com",
      keyCode: "my-shop",
      navBarType: "footer",
      statusBar: "#FFFFFF",
      network,
      createdAt: "2026-01-01T10:00:00.000Z",
      updatedAt: "2026-01-01T10:00:00.000Z",
    },
    devLink: {
      payload: {
        v: 1,
        server: "http://192.168.1.5:3000",
        appKey: "my-shop",
        config: { navBarType: "footer", localhostUrl: network, statusBar: "#FFFFFF" },
      },
      qrText,
      devUrlAccepted: network !== "",
    },
  };
}

function showConsole(answer: ReturnType<typeof consoleAnswer>) {
  stubApi({ "GET /api/test-console/my-shop": { body: answer } });
  renderWithApp(
    <Routes>
      <Route path="/test/:appkey" element={<TestConsolePage />} />
    </Routes>,
    { path: "/test/my-shop" },
  );
}

describe("the test console", () => {
  it("starts with an empty localhost URL and no QR code, saying how to get one", async () => {
    showConsole(consoleAnswer("", null));
    const url = await screen.findByRole("textbox", { name: TestConsoleTexts.localhostUrlLabel });
    expect((url as HTMLInputElement).value).toBe("");
    expect(url.getAttribute("placeholder")).toBe(TestConsoleTexts.localhostUrlPlaceholder);
    expect(screen.queryByRole("img", { name: TestConsoleTexts.qrLabel })).toBeNull();
    expect(screen.getByRole("note", { name: TestConsoleTexts.noQrTitle }).textContent).toContain(
      TestConsoleTexts.noQrHint,
    );
    // The status bar colour is the project's, not an invented green.
    const colour = screen.getByRole("textbox", { name: TestConsoleTexts.statusBarLabel });
    expect((colour as HTMLInputElement).value).toBe("#FFFFFF");
    expect(document.body.textContent).not.toContain("099e51");
    // One name for the public key: the app key.
    expect(screen.getAllByText(TestConsoleTexts.projectKey).length).toBeGreaterThan(0);
    expect(TestConsoleTexts.projectKey).toBe("App key");
  });

  it("shows the QR code once there is an address", async () => {
    const link = "http://192.168.1.5:3000/dev/my-shop?url=http%3A%2F%2F192.168.1.23%3A5173%2F";
    showConsole(consoleAnswer("http://192.168.1.23:5173", link));
    expect(await screen.findByRole("img", { name: TestConsoleTexts.qrLabel })).toBeTruthy();
    expect(screen.queryByRole("note", { name: TestConsoleTexts.noQrTitle })).toBeNull();
    expect(screen.getByText(link)).toBeTruthy();
  });
});
