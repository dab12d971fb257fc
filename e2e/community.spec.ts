import { AgentsTexts } from "@hybridge/shared/agents/texts";
import { AuthMailTexts, AuthTexts } from "@hybridge/shared/auth/texts";
import { paths } from "@hybridge/shared/common/paths";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { communityEndpoints } from "@hybridge/shared/community/endpoints";
import type { JoinResponse } from "@hybridge/shared/community/schemas";
import { CommunityTexts } from "@hybridge/shared/community/texts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectPath, expectVisible, pathOf } from "./support/assertions";
import { apiError, failedResource, useBrowser } from "./support/browser";
import { acceptCookiesFor, signUpBetaViaApi } from "./support/community";
import { baseUrl } from "./support/env";
import { readLatestMail } from "./support/mail";
import { type E2eServer, startServer } from "./support/server";
import {
  createSignedInUser,
  signInContext,
  signUpAdminViaApi,
  uniqueEmail,
  uniquePassword,
} from "./support/users";

const browser = useBrowser();
const T = CommunityTexts;

const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });
const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const joinButton = (page: Page) => page.getByRole("button", { name: "Join", exact: true });

/** Counts the join requests the page sends, to prove a refused form sends none. */
function countJoinRequests(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === communityEndpoints.join) count += 1;
  });
  return () => count;
}

async function fillJoinForm(
  page: Page,
  values: { name: string; description: string; sector: string; email: string; country: string },
) {
  await field(page, "Project name").fill(values.name);
  await field(page, "Description").fill(values.description);
  await field(page, "Sector").selectOption({ label: values.sector });
  await field(page, "Email").fill(values.email);
  await field(page, "Country").selectOption({ label: values.country });
}

describe("join (/join)", () => {
  it("offers the 15 sector choices and the six countries", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.join);
    await expectVisible(heading(page, T.joinTitle));
    expect(await field(page, "Sector").locator("option").count()).toBe(15);
    expect(await field(page, "Country").locator("option").allTextContents()).toEqual([
      "Choose a country",
      "France",
      "Belgium",
      "Canada",
      "Germany",
      "Suisse",
      "US",
    ]);
  });

  it("says 'All fields must have valid files.' when a field is left blank, and sends nothing", async () => {
    const { page } = await browser.newPage();
    const sent = countJoinRequests(page);
    await page.goto(paths.join);
    await field(page, "Project name").fill("Fit Tracker");
    await field(page, "Description").fill("   ");
    await field(page, "Email").fill("owner@example.com");
    await joinButton(page).click();

    await expectVisible(alert(page, T.allFieldsRequired));
    expect(await field(page, "Description").getAttribute("aria-invalid")).toBe("true");
    expect(await field(page, "Sector").getAttribute("aria-invalid")).toBe("true");
    expect(await field(page, "Project name").getAttribute("aria-invalid")).toBeNull();
    expect(sent()).toBe(0);
  });

  it("refuses a project name over 35 characters", async () => {
    const { page } = await browser.newPage();
    const sent = countJoinRequests(page);
    await page.goto(paths.join);
    await fillJoinForm(page, {
      name: "n".repeat(36),
      description: "An app.",
      sector: "Retail",
      email: "owner@example.com",
      country: "France",
    });
    await expectVisible(page.getByText("36/35 characters", { exact: true }));
    await joinButton(page).click();

    await expectVisible(alert(page, T.nameTooLong));
    expect(sent()).toBe(0);
  });

  it("stores the request trimmed and lower-cased, confirms it and resets the form", async () => {
    const { page } = await browser.newPage();
    const email = uniqueEmail();
    await page.goto(paths.join);
    await fillJoinForm(page, {
      name: "  Fit Tracker  ",
      description: "  A native app for the members of our gyms. ",
      sector: "Real estate",
      email: `  ${email.toUpperCase()} `,
      country: "Canada",
    });

    // Hold the request to see the button while it is in flight.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${communityEndpoints.join}`, async (route) => {
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === communityEndpoints.join,
    );
    await joinButton(page).click();
    await expect.poll(() => joinButton(page).isDisabled()).toBe(true);
    release();

    const response = await answered;
    expect(response.status()).toBe(201);
    const { contact } = (await response.json()) as JoinResponse;
    expect(contact).toMatchObject({
      name: "Fit Tracker",
      description: "A native app for the members of our gyms.",
      segment: "realEstate",
      email,
      country: "Canada",
      status: false,
    });

    // The confirmation in the page (the toast says "Request received" too).
    const confirmation = page
      .getByRole("status")
      .filter({ hasText: T.joinSuccess("Fit Tracker", email) });
    await expectVisible(confirmation);
    expect(await confirmation.textContent()).toContain(T.joinSuccessTitle);
    expect(await field(page, "Project name").inputValue()).toBe("");
    expect(await field(page, "Email").inputValue()).toBe("");
    expect(await field(page, "Sector").inputValue()).toBe("");
    expect(await joinButton(page).isEnabled()).toBe(true);
  });

  it("shows 'An error has occurred: …' in the page and a toast when the server fails", async () => {
    const { page, allowErrors } = await browser.newPage();
    allowErrors(failedResource(500));
    await page.route(`**${communityEndpoints.join}`, (route) =>
      route.fulfill(apiError(500, "INTERNAL", GenericTexts.internal)),
    );
    await page.goto(paths.join);
    await fillJoinForm(page, {
      name: "Fit Tracker",
      description: "An app.",
      sector: "Sports",
      email: uniqueEmail(),
      country: "US",
    });
    await joinButton(page).click();

    const text = T.joinFailed(GenericTexts.internal);
    await expectVisible(alert(page, text));
    await expectVisible(page.getByRole("status").filter({ hasText: text }));
    // The values stay for another try.
    expect(await field(page, "Project name").inputValue()).toBe("Fit Tracker");
  });
});

describe("beta (/beta)", () => {
  it("thanks the visitor and goes to the landing page on confirm", async () => {
    const { page } = await browser.newPage();
    const email = uniqueEmail();
    await page.goto(paths.beta);
    await expectVisible(heading(page, T.betaTitle));
    await field(page, "Email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Join", exact: true }).click();

    const dialog = page.getByRole("dialog", { name: T.betaThanksTitle });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText(T.betaThanksBody));
    await dialog.getByRole("button", { name: T.betaConfirm, exact: true }).click();
    await expectPath(page, paths.landing);

    // Stored, lower-cased: the same address in lower case is now a duplicate.
    const again = await signUpBetaViaApi(baseUrl(), email);
    expect(again.status).toBe(409);
  });

  it("tells a visitor already on the list that the e-mail is registered", async () => {
    const { page, allowErrors } = await browser.newPage();
    allowErrors(failedResource(409));
    const email = uniqueEmail();
    expect((await signUpBetaViaApi(baseUrl(), email)).status).toBe(201);

    await page.goto(paths.beta);
    await field(page, "Email").fill(` ${email.toUpperCase()} `);
    await page.getByRole("button", { name: "Join", exact: true }).click();

    const dialog = page.getByRole("dialog", { name: T.betaThanksTitle });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText(T.betaAlreadyRegistered));
    await dialog.getByRole("button", { name: T.betaConfirm, exact: true }).click();
    await expectPath(page, paths.landing);
  });

  it("shows 'Error: …' in the page and a toast when the server fails, without thanking, and keeps the e-mail", async () => {
    // docs/decisions/011-beta-thanks-only-on-success.md: the thanks is for a sign-up that worked.
    const { page, allowErrors } = await browser.newPage();
    allowErrors(failedResource(500));
    await page.route(`**${communityEndpoints.beta}`, (route) =>
      route.fulfill(apiError(500, "INTERNAL", GenericTexts.internal)),
    );
    const email = uniqueEmail();
    await page.goto(paths.beta);
    await field(page, "Email").fill(email);
    await page.getByRole("button", { name: "Join", exact: true }).click();

    const text = T.betaFailed(GenericTexts.internal);
    await expectVisible(alert(page, text));
    await expectVisible(page.getByRole("status").filter({ hasText: text }));
    expect(await page.getByRole("dialog", { name: T.betaThanksTitle }).count()).toBe(0);
    expect(pathOf(page)).toBe(paths.beta);
    // Nothing lost: the address is still there for another try, and the button works again.
    expect(await field(page, "Email").inputValue()).toBe(email);
    expect(await page.getByRole("button", { name: "Join", exact: true }).isEnabled()).toBe(true);
  });

  it("explains an invalid e-mail without sending it", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.beta);
    await field(page, "Email").fill("not-an-email");
    await page.getByRole("button", { name: "Join", exact: true }).click();
    await expectVisible(alert(page, "The email address is not valid."));
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(pathOf(page)).toBe(paths.beta);
  });
});

describe("early adopters (/dash)", () => {
  const admin = { email: uniqueEmail(), password: uniquePassword() };
  // An admin address that signs up in the browser, in a test of its own.
  const newcomer = uniqueEmail();
  let server: E2eServer;

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAILS: `${admin.email},${newcomer}` });
    await signUpAdminViaApi(server, admin.email, admin.password);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows an admin the empty state, then the list newest first with mail links, time and count", async () => {
    const { page, context } = await browser.newPage();
    await acceptCookiesFor(context, server.baseUrl);
    await signInContext(context, server.baseUrl, admin.email, admin.password);

    await page.goto(server.url(paths.dash));
    await expectVisible(heading(page, T.earlyAdoptersTitle));
    await expectVisible(page.getByText(T.earlyAdoptersEmpty, { exact: true }));

    const first = uniqueEmail();
    const second = uniqueEmail();
    expect((await signUpBetaViaApi(server.baseUrl, first)).status).toBe(201);
    expect((await signUpBetaViaApi(server.baseUrl, second.toUpperCase())).status).toBe(201);

    await page.reload();
    const list = page.getByRole("list", { name: T.earlyAdoptersTitle });
    await expectVisible(list);
    await expectVisible(page.getByText(T.earlyAdoptersCount(2), { exact: true }));
    const items = list.getByRole("listitem");
    expect(await items.count()).toBe(2);
    const newest = items.nth(0);
    expect(await newest.getByRole("link").textContent()).toBe(second);
    expect(await newest.getByRole("link").getAttribute("href")).toBe(`mailto:${second}`);
    expect(await items.nth(1).getByRole("link").textContent()).toBe(first);
    expect(await newest.locator("time").textContent()).toMatch(/^(\d+ seconds?|1 minute) ago$/);
  });

  it("asks an admin address to verify itself, then shows the list once the mail's link is opened", async () => {
    const { page, context } = await browser.newPage();
    await acceptCookiesFor(context, server.baseUrl);
    const password = uniquePassword();
    await page.goto(server.url(paths.signup));
    await page.getByLabel("Email", { exact: true }).fill(newcomer);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    const welcome = page.getByRole("dialog", { name: AuthTexts.welcomeTitle });
    await welcome.getByRole("button", { name: AuthTexts.welcomeConfirm, exact: true }).click();
    await expectPath(page, paths.home);

    // Not verified: no admin rights, and the page says why and what to do.
    await page.goto(server.url(paths.dash));
    await expectVisible(
      page.getByRole("heading", { level: 2, name: AuthTexts.adminUnverifiedTitle }),
    );
    await expectVisible(page.getByText(AuthTexts.adminUnverified(newcomer), { exact: true }));
    expect(await page.getByText(T.earlyAdoptersForbidden).count()).toBe(0);
    expect(await page.getByRole("list", { name: T.earlyAdoptersTitle }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: AgentsTexts.title }).count()).toBe(0);
    // The mail again, on request.
    const firstMail = await readLatestMail(server.dataDir, newcomer);
    await page.getByRole("button", { name: AuthTexts.adminVerificationSend }).click();
    await expectVisible(page.getByText(AuthTexts.adminVerificationSent(newcomer), { exact: true }));
    await expect
      .poll(async () => (await readLatestMail(server.dataDir, newcomer)).file)
      .not.toBe(firstMail.file);

    // The owner follows the mail's link in this browser.
    const mail = await readLatestMail(server.dataDir, newcomer);
    expect(mail.subject).toBe(AuthMailTexts.verifySubject);
    const link = mail.links.find((url) => url.includes("/api/auth/verify-email?"));
    expect(link).toBeDefined();
    await page.goto(link as string);
    await expectPath(page, paths.verifyEmail);
    await expectVisible(page.getByText(AuthTexts.verifyDone, { exact: true }));
    await page.getByRole("link", { name: AuthTexts.verifyContinue }).click();

    await expectPath(page, paths.dash);
    await expectVisible(heading(page, T.earlyAdoptersTitle));
    await expectVisible(page.getByRole("heading", { name: AgentsTexts.title }));
    expect(await page.getByText(AuthTexts.adminUnverifiedTitle).count()).toBe(0);
    expect(await page.getByText(T.earlyAdoptersForbidden).count()).toBe(0);
  });

  it("is in an admin's user menu on the console", async () => {
    const { page, context } = await browser.newPage();
    await acceptCookiesFor(context, server.baseUrl);
    await signInContext(context, server.baseUrl, admin.email, admin.password);
    await page.goto(server.url(paths.home));
    await page.getByRole("button", { name: "User menu" }).click();
    const item = page.getByRole("menu").getByRole("menuitem", { name: T.earlyAdoptersTitle });
    expect(await item.getAttribute("href")).toBe(paths.dash);
    await item.click();
    await expectPath(page, paths.dash);
    await expectVisible(heading(page, T.earlyAdoptersTitle));
    expect(await page.getByText(T.earlyAdoptersForbidden).count()).toBe(0);
  });

  it("tells a signed-in user who is not an admin that the list is not for them", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.dash);
    await expectVisible(heading(page, T.earlyAdoptersTitle));
    await expectVisible(page.getByText(T.earlyAdoptersForbidden, { exact: true }));
    expect(await page.getByRole("list", { name: T.earlyAdoptersTitle }).count()).toBe(0);
  });

  it("sends a signed-out visitor to the sign-in page", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.dash);
    await expectPath(page, paths.login);
  });
});
