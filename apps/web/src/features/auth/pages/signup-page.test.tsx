// @vitest-environment happy-dom
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { SignupPage } from "./signup-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the sign-up form", () => {
  it("names each missing field and sends nothing", async () => {
    const calls = stubApi({});
    renderWithApp(<SignupPage />, { path: "/signup" });
    await userEvent.click(screen.getByRole("button", { name: /sign up/i }));
    expect(await screen.findAllByRole("alert")).not.toHaveLength(0);
    expect(calls.filter((call) => call.url.includes("/sign-up"))).toEqual([]);
  });

  it("refuses passwords that differ, in English", async () => {
    const calls = stubApi({});
    renderWithApp(<SignupPage />, { path: "/signup" });
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.test");
    const [password, confirm] = screen.getAllByLabelText(/password/i, { selector: "input" });
    await userEvent.type(password as HTMLElement, "correct-horse-battery");
    await userEvent.type(confirm as HTMLElement, "correct-horse-batterx");
    await userEvent.click(screen.getByRole("button", { name: /sign up/i }));
    expect(await screen.findByText(AuthTexts.passwordsDiffer)).toBeTruthy();
    expect(calls.filter((call) => call.url.includes("/sign-up"))).toEqual([]);
  });
});
