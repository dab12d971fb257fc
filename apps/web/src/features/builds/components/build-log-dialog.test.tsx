// @vitest-environment happy-dom
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { BuildLogButton } from "./build-log-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the build log", () => {
  it("opens in a dialog that a visible Close button closes", async () => {
    stubApi({
      "GET /api/projects/p1/builds/b1/log?after=0": {
        body: {
          lines: [
            {
              seq: 1,
              line: "$ smali assemble android-shell/smali -o classes.dex",
              at: "2026-01-01T10:00:00.000Z",
            },
          ],
          status: "ready",
        },
      },
    });
    renderWithApp(<BuildLogButton build={{ id: "b1", projectId: "p1", version: 2 }} />);
    await userEvent.click(screen.getByRole("button", { name: BuildsTexts.viewLog }));
    expect(
      await screen.findByText("$ smali assemble android-shell/smali -o classes.dex"),
    ).toBeTruthy();
    expect(screen.getByRole("dialog", { name: BuildsTexts.logTitle(2) })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: BuildsTexts.close }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
