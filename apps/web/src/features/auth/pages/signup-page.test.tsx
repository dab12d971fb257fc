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

/** The alert that names this field's problem: the one its input is described by. */
function fieldAlert(label: string): string | null {
  const input = screen.getByLabelText(label, { selector: "input" });
  const alerts = (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id))
    .filter((element) => element?.getAttribute("role") === "alert");
  return alerts.length === 1 ? (alerts[0]?.textContent ?? null) : null;
}

describe("the sign-up form", () => {
  it("names each missing field and sends nothing", async () => {
    const calls = stubApi({});
    renderWithApp(<SignupPage />, { path: "/signup" });
    await userEvent.click(screen.getByRole("button", { name: /sign up/i }));
    await screen.findAllByRole("alert");
    expect(fieldAlert("Email")).toBe("Please enter your email address.");
    expect(fieldAlert("Password")).toBe("Password must be at least 8 characters.");
    // An empty confirmation matches the empty password: the password's message is the one shown.
    expect(fieldAlert("Confirm password")).toBeNull();
    expect(screen.getAllByRole("alert")).toHaveLength(2);
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
    await screen.findAllByRole("alert");
    expect(fieldAlert("Email")).toBeNull();
    expect(fieldAlert("Password")).toBeNull();
    expect(fieldAlert("Confirm password")).toBe(AuthTexts.passwordsDiffer);
    expect(calls.filter((call) => call.url.includes("/sign-up"))).toEqual([]);
  });
});
