// @vitest-environment happy-dom
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { CommunityTexts } from "@hybridge/shared/community/texts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { DashPage } from "./dash-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signedIn = (isAdmin: boolean) => ({
  "GET /api/session": { body: { user: { id: "u1", email: "boss@example.test", isAdmin } } },
});

describe("/dash for an account that is not an admin", () => {
  it("offers an admin address not verified yet its verification mail, not the list", async () => {
    const calls = stubApi({
      ...signedIn(false),
      "GET /api/account/admin-verification": { body: { pending: true } },
      "POST /api/account/admin-verification": { body: { ok: true } },
    });
    renderWithApp(<DashPage />, { path: "/dash" });
    expect(await screen.findByText(AuthTexts.adminUnverified("boss@example.test"))).toBeTruthy();
    expect(screen.queryByText(CommunityTexts.earlyAdoptersForbidden)).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: AuthTexts.adminVerificationSend }));
    expect(
      await screen.findByText(AuthTexts.adminVerificationSent("boss@example.test")),
    ).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      "POST /api/account/admin-verification",
    );
    expect(calls.some((call) => call.url.includes("early-adopters"))).toBe(false);
  });

  it("tells anyone else the list is not for them, as before", async () => {
    stubApi({
      ...signedIn(false),
      "GET /api/account/admin-verification": { body: { pending: false } },
    });
    renderWithApp(<DashPage />, { path: "/dash" });
    expect(await screen.findByText(CommunityTexts.earlyAdoptersForbidden)).toBeTruthy();
    expect(screen.queryByRole("button", { name: AuthTexts.adminVerificationSend })).toBeNull();
  });

  it("does not ask an admin about verification", async () => {
    const calls = stubApi({
      ...signedIn(true),
      "GET /api/community/early-adopters": { body: { count: 0, items: [] } },
    });
    renderWithApp(<DashPage />, { path: "/dash" });
    expect(await screen.findByText(CommunityTexts.earlyAdoptersEmpty)).toBeTruthy();
    expect(calls.some((call) => call.url.includes("admin-verification"))).toBe(false);
  });
});
