// @vitest-environment happy-dom
import { AppUsersConsoleTexts as T } from "@hybridge/shared/app-users/texts";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { UsersSection } from "./users-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = "/api/projects/p1/app-users";
const ID = "0b5c1a52-7d1e-4c8e-9f0a-2d3b4c5d6e7f";
const ana = {
  id: ID,
  email: "ana@example.com",
  verified: false,
  disabled: false,
  createdAt: "2026-11-27T09:00:00.000Z",
};

describe("the Users section", () => {
  it("says an open app keeps working 15 minutes before disabling, then shows the user disabled", async () => {
    const calls = stubApi({
      [`GET ${base}`]: { body: { users: [ana], nextCursor: null } },
      [`GET ${base}/settings`]: { body: { verifyEmail: false } },
      [`POST ${base}/${ID}/disable`]: { body: { user: { ...ana, disabled: true } } },
    });
    renderWithApp(
      <>
        <UsersSection projectId="p1" />
        <Toaster />
      </>,
    );
    await userEvent.click(await screen.findByRole("button", { name: `${T.disable} ${ana.email}` }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(T.disableText(ana.email))).toBeTruthy();
    expect(T.disableText(ana.email)).toContain("15 minutes");
    await userEvent.click(within(dialog).getByRole("button", { name: T.disable }));
    expect(await screen.findByText(T.disabledDone(ana.email))).toBeTruthy();
    expect(calls.some((call) => call.method === "POST" && call.url.endsWith("/disable"))).toBe(
      true,
    );
  });

  it("searches on submit and says when no one matches", async () => {
    const calls = stubApi({
      [`GET ${base}`]: { body: { users: [ana], nextCursor: null } },
      [`GET ${base}?search=zed`]: { body: { users: [], nextCursor: null } },
      [`GET ${base}/settings`]: { body: { verifyEmail: true } },
    });
    renderWithApp(<UsersSection projectId="p1" />);
    expect(await screen.findByTitle(ana.email)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(T.searchLabel), "zed{Enter}");
    expect(await screen.findByText(T.noMatch)).toBeTruthy();
    expect(calls.some((call) => call.url === `${base}?search=zed`)).toBe(true);
    expect(
      screen.getByRole("switch", { name: T.verifyEmailLabel }).getAttribute("aria-checked"),
    ).toBe("true");
  });

  it("says the list could not be loaded, with a way to try again", async () => {
    stubApi({
      [`GET ${base}`]: {
        status: 500,
        body: { code: "INTERNAL", message: "Something went wrong." },
      },
      [`GET ${base}/settings`]: { body: { verifyEmail: false } },
    });
    renderWithApp(<UsersSection projectId="p1" />);
    expect(await screen.findByText("Something went wrong.")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Try again/ })).toBeTruthy();
  });
});
