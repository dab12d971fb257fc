// @vitest-environment happy-dom
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { SigningKeySection } from "./signing-key-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const info = {
  signingKey: {
    certSha256: "ab".repeat(32),
    createdAt: "2026-01-01T10:00:00.000Z",
    alias: "upload",
  },
  changeable: true,
};

describe("the signing key section", () => {
  it("shows the keystore's password, with Copy, when the owner downloads the keystore, every time", async () => {
    const calls = stubApi({
      "GET /api/projects/p1/signing-key": { body: info },
      "GET /api/projects/p1/signing-key/password": { body: { password: "s3cret-Pass_word" } },
    });
    renderWithApp(<SigningKeySection projectId="p1" onKeyChange={() => {}} />);
    // The page says where the password is, and never that it was shown once.
    expect(await screen.findByText(BuildsTexts.signingKeyPasswordWhere)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/shown (only )?once/);
    expect(calls.some((call) => call.url.endsWith("/password"))).toBe(false);

    for (let time = 0; time < 2; time += 1) {
      await userEvent.click(screen.getByRole("button", { name: BuildsTexts.downloadKeystore }));
      const dialog = await screen.findByRole("dialog", { name: BuildsTexts.keystoreDialogTitle });
      expect((await screen.findByTestId("keystore-password")).textContent).toBe("s3cret-Pass_word");
      expect(
        screen.getByRole("button", { name: `Copy ${BuildsTexts.keystorePasswordCopyLabel}` }),
      ).toBeTruthy();
      const file = screen.getByRole("link", { name: BuildsTexts.keystoreFileLink });
      expect(file.getAttribute("href")).toBe("/api/projects/p1/signing-key/keystore");
      expect(dialog.textContent).toContain(BuildsTexts.keystoreDialogLead);
      await userEvent.click(screen.getByRole("button", { name: BuildsTexts.close }));
      expect(screen.queryByRole("dialog")).toBeNull();
    }
    expect(calls.filter((call) => call.url.endsWith("/password"))).toHaveLength(2);
  });
});
