// @vitest-environment happy-dom
import { CopyTexts } from "@hybridge/shared/common/texts";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CopyableLink } from "./copyable-link";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const LINK = "https://hybridge.example/dev/my-shop?update=42";

describe("CopyableLink", () => {
  it("shows the link in full with its marker, and copies it with a button named by the label", async () => {
    const user = userEvent.setup();
    render(<CopyableLink link={LINK} label="Link" data-preview-link="" />);
    const shown = screen.getByText(LINK);
    expect(shown.tagName).toBe("SPAN");
    expect(shown.hasAttribute("data-preview-link")).toBe(true);
    await user.click(screen.getByRole("button", { name: `${CopyTexts.copy} Link` }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(screen.getByRole("button", { name: `${CopyTexts.copied} Link` })).toBeTruthy();
  });

  it("selects the shown link for the user to copy by hand when the browser refuses to copy", async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("refused"));
    render(<CopyableLink link={LINK} label="Link" />);
    await user.click(screen.getByRole("button", { name: `${CopyTexts.copy} Link` }));
    expect(window.getSelection()?.toString()).toBe(LINK);
    expect(screen.getByRole("button", { name: `${CopyTexts.copy} Link` })).toBeTruthy();
  });
});
