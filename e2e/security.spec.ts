import { paths } from "@hybridge/shared/common/paths";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectPath, expectVisible } from "./support/assertions";
import { useBrowser } from "./support/browser";
import { baseUrl } from "./support/env";
import { createUser, signInContext } from "./support/users";

const browser = useBrowser();

/** Records every CSP violation the page reports, before any of its own scripts run. */
const RECORD_CSP_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.__cspViolations.push(event.violatedDirective + " blocked " + (event.blockedURI || "inline"));
  });
`;

const violations = (page: Page) =>
  page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations);

const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });

describe("content security policy", () => {
  it("is sent with the page and nothing on the page violates it", async () => {
    const { page, context, errors } = await browser.newPage();
    await context.addInitScript(RECORD_CSP_VIOLATIONS);

    const response = await page.goto(paths.landing);
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toContain("default-src 'self'");
    const scriptSrc = policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");

    // The landing page, the form pages and the signed-in console, each once rendered.
    const visits: [string, string][] = [
      [paths.landing, "Hybridge"],
      [paths.login, "Sign In"],
      [paths.signup, "Sign Up"],
    ];
    for (const [path, title] of visits) {
      await page.goto(path);
      await expectVisible(heading(page, title));
      expect(await violations(page), `CSP violations on ${path}`).toEqual([]);
    }
    const user = await createUser();
    await signInContext(context, baseUrl(), user.email, user.password);
    await page.goto(paths.home);
    await expectVisible(heading(page, "My Projects"));
    expect(await violations(page), `CSP violations on ${paths.home}`).toEqual([]);

    expect(errors().filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });
});

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax after signing in through the form", async () => {
    const { page, context } = await browser.newPage();
    const user = await createUser();
    await page.goto(paths.login);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectPath(page, paths.home);

    const cookies = await context.cookies(baseUrl());
    const session = cookies.find((cookie) => cookie.name.endsWith("session_token"));
    expect(
      session,
      `a session cookie among: ${cookies.map((c) => c.name).join(", ")}`,
    ).toBeDefined();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    // What HttpOnly means for the page: its scripts cannot read the session.
    expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");
  });
});
