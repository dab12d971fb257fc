import { AuthMailTexts, AuthTexts } from "@hybridge/shared/auth/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { paths } from "@hybridge/shared/common/paths";
import { GenericTexts } from "@hybridge/shared/common/texts";
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectInputType, expectPath, expectVisible, pathOf } from "./support/assertions";
import { apiError, failedResource, useBrowser } from "./support/browser";
import { baseUrl, dataDir } from "./support/env";
import { readLatestMail } from "./support/mail";
import { createSignedInUser, createUser, uniqueEmail, uniquePassword } from "./support/users";

const browser = useBrowser();

/** The account endpoints the password pages call. */
const authPath = {
  password: "/api/account/password",
  passwordReset: "/api/account/password-reset",
};

const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });
const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto(paths.login);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe("sign up", () => {
  it("creates the account, welcomes the user and opens My Projects", async () => {
    const { page } = await browser.newPage();
    const password = uniquePassword();
    await page.goto(paths.signup);
    await expectVisible(heading(page, "Sign Up"));
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail());
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();

    const welcome = page.getByRole("dialog", { name: AuthTexts.welcomeTitle });
    await expectVisible(welcome);
    await welcome.getByRole("button", { name: AuthTexts.welcomeConfirm, exact: true }).click();

    await expectPath(page, paths.home);
    await expectVisible(heading(page, "My Projects"));
  });

  it("refuses a confirmation that differs from the password", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.signup);
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail());
    await page.getByLabel("Password", { exact: true }).fill(uniquePassword());
    await page.getByLabel("Confirm password", { exact: true }).fill(uniquePassword());
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();

    await expectVisible(alert(page, AuthTexts.passwordsDiffer));
    expect(pathOf(page)).toBe(paths.signup);
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("tells the user when the e-mail already has an account", async () => {
    const { page, allowErrors } = await browser.newPage();
    allowErrors(failedResource(409));
    const existing = await createUser();
    const password = uniquePassword();
    await page.goto(paths.signup);
    await page.getByLabel("Email", { exact: true }).fill(existing.email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();

    await expectVisible(alert(page, AuthTexts.accountExists));
    expect(pathOf(page)).toBe(paths.signup);
  });
});

describe("sign in and out", () => {
  it("logs out from the account page and guards the console again", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.leave);
    await expectVisible(heading(page, "Account settings"));

    await page.getByRole("button", { name: "Log Out", exact: true }).click();
    await expectPath(page, paths.landing);
    await expectVisible(
      page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }),
    );

    await page.goto(paths.home);
    await expectPath(page, paths.login);
  });

  it("shows the spec's error for a wrong password", async () => {
    const { page, allowErrors } = await browser.newPage();
    allowErrors(failedResource(401));
    const user = await createUser();
    await signInThroughForm(page, user.email, `${user.password}-wrong`);

    await expectVisible(alert(page, AuthTexts.loginFailed));
    expect(pathOf(page)).toBe(paths.login);
  });

  it("links the sign-in page to password reset, the beta and sign-up", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.login);
    await expectVisible(heading(page, "Sign In"));
    const hrefOf = (name: string) =>
      page.getByRole("link", { name, exact: true }).getAttribute("href");
    expect(await hrefOf("Forgot your password?")).toBe(paths.resetPassword);
    expect(await hrefOf("Join the beta")).toBe(paths.beta);
    expect(await hrefOf("Create an account")).toBe(paths.signup);
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("type")).toBe("email");
  });

  it("shows and hides the password", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.login);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret-value");
    await expectInputType(password, "password");
    // A toggle button: one name, and aria-pressed while the password shows.
    const toggle = page.getByRole("button", { name: "Show password", exact: true });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");

    await toggle.click();
    await expectInputType(password, "text");
    expect(await password.inputValue()).toBe("secret-value");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await expectVisible(page.getByRole("button", { name: "Show password", pressed: true }));

    await toggle.click();
    await expectInputType(password, "password");
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
  });
});

describe("password reset", () => {
  it("says when no account has the e-mail", async () => {
    const { page, allowErrors } = await browser.newPage();
    allowErrors(failedResource(404));
    await page.goto(paths.resetPassword);
    await expectVisible(heading(page, "Reset your password"));
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail());
    await page.getByRole("button", { name: "Send reset link", exact: true }).click();

    await expectVisible(alert(page, AuthTexts.resetUserNotFound));
  });

  it("mails a link that sets a new password", async () => {
    const { page, allowErrors } = await browser.newPage();
    allowErrors(failedResource(401));
    const user = await createUser();
    await page.goto(paths.resetPassword);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Send reset link", exact: true }).click();
    await expectVisible(page.getByRole("status").filter({ hasText: AuthTexts.resetSent }));

    const mail = await readLatestMail(dataDir(), user.email);
    expect(mail.subject).toBe(AuthMailTexts.resetSubject);
    const link = mail.links.find((candidate) => candidate.startsWith(baseUrl()));
    expect(link, `a link to ${baseUrl()} in:\n${mail.text}`).toBeDefined();

    await page.goto(link ?? "");
    await expectPath(page, paths.changePassword);
    await expectVisible(heading(page, "Change your password"));
    const newPassword = uniquePassword();
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Change password", exact: true }).click();
    await expectVisible(page.getByText(AuthTexts.changeSuccess));
    await expectPath(page, paths.login);

    await signInThroughForm(page, user.email, user.password);
    await expectVisible(alert(page, AuthTexts.loginFailed));

    await signInThroughForm(page, user.email, newPassword);
    await expectPath(page, paths.home);
    await expectVisible(heading(page, "My Projects"));

    // The mail's link works once.
    await page.goto(link ?? "");
    await expectPath(page, paths.changePassword);
    await expectVisible(alert(page, AuthTexts.resetLinkInvalid));
  });
});

type ErrorAnswer = { status: number; code: string; message: string };

/**
 * Answers the page's requests to `path` with an error in our shape, without reaching the server;
 * `answer.current` can change between requests.
 */
async function failRequests(page: Page, path: string, first: ErrorAnswer) {
  const answer = { current: first };
  await page.route(`**${path}`, (route: Route) => {
    const { status, code, message } = answer.current;
    return route.fulfill(apiError(status, code, message));
  });
  return answer;
}

describe("password pages when the server fails", () => {
  it("change password shows the spec's texts, never the generic server error", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(500), failedResource(429), failedResource(401));
    await createSignedInUser(context);
    const answer = await failRequests(page, authPath.password, {
      status: 500,
      code: ErrorCodes.INTERNAL,
      message: GenericTexts.internal,
    });
    await page.goto(paths.changePassword);
    await expectVisible(heading(page, "Change your password"));
    const newPassword = uniquePassword();
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
    const submit = async () => {
      const answered = page.waitForResponse((r) => r.url().endsWith(authPath.password));
      await page.getByRole("button", { name: "Change password", exact: true }).click();
      await answered;
    };

    await submit();
    await expectVisible(alert(page, AuthTexts.changeFailed));
    expect(await page.getByText(GenericTexts.internal).count()).toBe(0);
    expect(pathOf(page)).toBe(paths.changePassword);

    // Not in the spec's list either: the same text.
    answer.current = {
      status: 429,
      code: ErrorCodes.RATE_LIMITED,
      message: GenericTexts.rateLimited,
    };
    await submit();
    await expectVisible(alert(page, AuthTexts.changeFailed));
    expect(await page.getByText(GenericTexts.rateLimited).count()).toBe(0);

    answer.current = {
      status: 401,
      code: ErrorCodes.REQUIRES_RECENT_LOGIN,
      message: "Sign in again.",
    };
    await submit();
    await expectVisible(alert(page, AuthTexts.changeRecentLogin));
  });

  it("reset shows its generic text on a server error", async () => {
    const { page, allowErrors } = await browser.newPage();
    allowErrors(failedResource(500));
    await failRequests(page, authPath.passwordReset, {
      status: 500,
      code: ErrorCodes.INTERNAL,
      message: GenericTexts.internal,
    });
    await page.goto(paths.resetPassword);
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail());
    await page.getByRole("button", { name: "Send reset link", exact: true }).click();
    await expectVisible(alert(page, AuthTexts.resetGeneric));
    expect(await page.getByText(GenericTexts.internal).count()).toBe(0);
  });
});

describe("account pages signed out", () => {
  it("ask the visitor to sign in", async () => {
    const { page } = await browser.newPage();
    // The top bar's "Sign In" comes first; the page's own link is the second one.
    const signInLinks = page.getByRole("link", { name: "Sign In", exact: true });

    await page.goto(paths.leave);
    await expectVisible(page.getByText(AuthTexts.loginPrompt));
    await expect.poll(() => signInLinks.count()).toBe(2);

    await page.goto(paths.changePassword);
    await expectVisible(alert(page, AuthTexts.changeNotConnected));
    await expect.poll(() => signInLinks.count()).toBe(2);
    await signInLinks.nth(1).click();
    await expectPath(page, paths.login);
  });
});

describe("account deletion", () => {
  it("deletes the account after the irreversible warning", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(401));
    const user = await createSignedInUser(context);
    await page.goto(paths.leave);
    await page.getByRole("button", { name: "Delete Account", exact: true }).click();

    const confirm = page.getByRole("alertdialog", { name: "Delete Account" });
    await expectVisible(confirm);
    await expectVisible(confirm.getByText(AuthTexts.deleteWarning));
    await confirm.getByRole("button", { name: AuthTexts.deleteConfirm, exact: true }).click();

    await expectPath(page, paths.landing);
    await expectVisible(page.getByText(AuthTexts.deleteDone));

    await signInThroughForm(page, user.email, user.password);
    await expectVisible(alert(page, AuthTexts.loginFailed));
    expect(pathOf(page)).toBe(paths.login);
  });
});
