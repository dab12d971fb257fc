import { describe, expect, it } from "vitest";
import { toSignupRequest } from "./use-sign-up";

describe("toSignupRequest", () => {
  it("names the user after the e-mail's local part and drops the confirmation", () => {
    expect(
      toSignupRequest({ email: "ada.l@example.com", password: "pw-123456", confirmPassword: "x" }),
    ).toEqual({ email: "ada.l@example.com", password: "pw-123456", name: "ada.l" });
  });
});
