// @vitest-environment happy-dom
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp } from "@/test/render";
import { VerifyEmailPage } from "./verify-email-page";

afterEach(cleanup);

describe("/verify-email", () => {
  it.each([
    ["?result=verified", AuthTexts.verifyDone],
    ["?error=TOKEN_EXPIRED", AuthTexts.verifyExpired],
    ["?error=INVALID_TOKEN", AuthTexts.verifyInvalid],
    ["?error=SIGN_IN_REQUIRED", AuthTexts.verifySignInRequired],
    ["?error=SOMETHING_ELSE", AuthTexts.verifyInvalid],
    ["", AuthTexts.verifyInvalid],
    ["?result=verified&error=INVALID_TOKEN", AuthTexts.verifyInvalid],
  ])("%s says %s", (query, text) => {
    renderWithApp(<VerifyEmailPage />, { path: `/verify-email${query}` });
    expect(screen.getByText(text)).toBeTruthy();
  });

  it("leads a verified admin to /dash, and a link opened signed out to the sign-in page", () => {
    renderWithApp(<VerifyEmailPage />, { path: "/verify-email?result=verified" });
    expect(screen.getByRole("link", { name: AuthTexts.verifyContinue }).getAttribute("href")).toBe(
      "/dash",
    );
    cleanup();
    renderWithApp(<VerifyEmailPage />, { path: "/verify-email?error=SIGN_IN_REQUIRED" });
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
  });
});
