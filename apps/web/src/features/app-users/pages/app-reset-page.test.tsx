// @vitest-environment happy-dom
import { AppAuthPageTexts as T } from "@hybridge/shared/app-users/texts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { AppResetPage } from "./app-reset-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const check = "POST /api/v1/auth/password-reset/check";
const confirm = "POST /api/v1/auth/password-reset/confirm";
const link = { appName: "Ana's Shop", email: "bob@example.com" };

describe("the app users' reset page", () => {
  it("names the app, checks the password before sending it, then sets it once", async () => {
    const calls = stubApi({ [check]: { body: link }, [confirm]: { status: 204, body: null } });
    renderWithApp(<AppResetPage />, { path: "/app-auth/reset?token=abc" });
    expect(
      await screen.findByRole("heading", { name: T.resetTitleFor("Ana's Shop") }),
    ).toBeTruthy();
    expect(screen.getByText(T.resetLead("bob@example.com"))).toBeTruthy();
    const field = screen.getByLabelText(T.passwordLabel);
    await userEvent.type(field, "short");
    await userEvent.click(screen.getByRole("button", { name: T.save }));
    expect(await screen.findByText("password: use 8 to 128 characters.")).toBeTruthy();
    expect(calls.filter((call) => call.url.endsWith("/confirm"))).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, "a long new password");
    await userEvent.click(screen.getByRole("button", { name: T.save }));
    expect(await screen.findByText(T.resetDone("Ana's Shop"))).toBeTruthy();
    const sent = calls.find((call) => call.url.endsWith("/confirm"));
    expect(JSON.parse(String(sent?.body))).toEqual({
      password: "a long new password",
      token: "abc",
    });
  });

  it("says when the link no longer works, in the server's words, with no form", async () => {
    stubApi({
      [check]: { status: 400, body: { code: "INVALID_LINK", message: "This link has expired." } },
    });
    renderWithApp(<AppResetPage />, { path: "/app-auth/reset?token=old" });
    expect(await screen.findByText("This link has expired.")).toBeTruthy();
    expect(screen.queryByLabelText(T.passwordLabel)).toBeNull();
  });

  it("says a link without a token is not one", async () => {
    stubApi({});
    renderWithApp(<AppResetPage />, { path: "/app-auth/reset" });
    expect(await screen.findByText(T.noToken)).toBeTruthy();
  });
});
