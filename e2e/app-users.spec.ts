import { APP_KEY_HEADER } from "@hybridge/shared/app-users/schemas";
import {
  AppUsersTexts,
  AppAuthPageTexts as P,
  AppUsersConsoleTexts as T,
} from "@hybridge/shared/app-users/texts";
import { paths } from "@hybridge/shared/common/paths";
import { describe, expect, it } from "vitest";
import { expectVisible } from "./support/assertions";
import { failedResource, useBrowser } from "./support/browser";
import { baseUrl, dataDir } from "./support/env";
import { readLatestMail } from "./support/mail";
import { createConsoleProject } from "./support/test-console";
import { createSignedInUser, uniqueEmail, uniquePassword } from "./support/users";

const browser = useBrowser();

/** What an app does through the SDK: one of the app users' API calls, with its app key. */
function appAuth(appKey: string, route: string, body: Record<string, unknown>) {
  return fetch(`${baseUrl()}/api/v1/auth/${route}`, {
    method: "POST",
    headers: { [APP_KEY_HEADER]: appKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function signUpAppUser(appKey: string) {
  const email = uniqueEmail();
  const password = uniquePassword();
  const response = await appAuth(appKey, "sign-up", { email, password });
  if (response.status !== 201) throw new Error(`sign-up: ${response.status}`);
  return { email, password };
}

describe("the project page's Users section", () => {
  it("lists and searches the app's users, disables one, and mails a reset the user follows", async () => {
    const { context, page } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createConsoleProject(context);
    const ana = await signUpAppUser(project.keyApp);
    const bob = await signUpAppUser(project.keyApp);

    await page.goto(paths.project(project.id));
    const section = page.getByRole("region", { name: T.title, exact: true });
    const list = section.getByRole("list", { name: T.listLabel, exact: true });
    // Newest first: Bob signed up last.
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    await expect.poll(() => list.getByRole("listitem").first().textContent()).toContain(bob.email);
    await expectVisible(list.getByText(T.unverified).first());

    // Search by part of the address (keyboard: Enter submits).
    const search = section.getByLabel(T.searchLabel, { exact: true });
    await search.fill(ana.email.split("@")[0] ?? "");
    await search.press("Enter");
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    await expectVisible(list.getByTitle(ana.email, { exact: true }));

    // Disable Ana: the dialog says what happens to an app already open.
    await list.getByRole("button", { name: `${T.disable} ${ana.email}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expectVisible(dialog.getByText(T.disableText(ana.email), { exact: true }));
    await dialog.getByRole("button", { name: T.disable, exact: true }).click();
    await expectVisible(page.getByText(T.disabledDone(ana.email), { exact: true }));
    await expectVisible(list.getByText(T.disabled, { exact: true }));
    const refused = await appAuth(project.keyApp, "sign-in", ana);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(AppUsersTexts.disabled);

    // Bob forgot his password: the owner mails him a reset.
    await section.getByRole("button", { name: T.clearSearch }).click();
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    await list.getByRole("button", { name: `${T.sendReset} ${bob.email}` }).click();
    await expectVisible(dialog.getByText(T.resetText(bob.email), { exact: true }));
    await dialog.getByRole("button", { name: T.resetSend, exact: true }).click();
    await expectVisible(page.getByText(T.resetSent(bob.email), { exact: true }));

    const mail = await readLatestMail(dataDir(), bob.email);
    expect(mail.subject).toBe(`Reset your ${project.name} password`);
    const link = mail.links.find((url) => url.includes("/app-auth/reset?token="));
    if (!link) throw new Error(`no reset link in ${mail.text}`);

    // Bob opens the link: a page in the app's name, no console sign-in.
    const bobs = await browser.newPage();
    // Opened again once spent, the link's check is refused (400): the page says why.
    bobs.allowErrors(failedResource(400));
    await bobs.page.goto(link);
    await expectVisible(
      bobs.page.getByRole("heading", { name: P.resetTitleFor(project.name), exact: true }),
    );
    await expectVisible(bobs.page.getByText(P.resetLead(bob.email), { exact: true }));
    const newPassword = uniquePassword();
    const field = bobs.page.getByLabel(P.passwordLabel, { exact: true });
    await field.fill("short");
    await bobs.page.getByRole("button", { name: P.save }).click();
    await expectVisible(bobs.page.getByText("password: use 8 to 128 characters."));
    await field.fill(newPassword);
    await bobs.page.getByRole("button", { name: P.save }).click();
    await expectVisible(bobs.page.getByText(P.resetDone(project.name), { exact: true }));

    const signIn = await appAuth(project.keyApp, "sign-in", {
      email: bob.email,
      password: newPassword,
    });
    expect(signIn.status).toBe(200);
    expect((await appAuth(project.keyApp, "sign-in", bob)).status).toBe(401);

    // The link is spent: opened again, it says so.
    await bobs.page.goto(link);
    await expectVisible(bobs.page.getByText(AppUsersTexts.resetLinkInvalid, { exact: true }));
  });

  it("switches e-mail verification on, and the mailed link verifies the address", async () => {
    const { context, page } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createConsoleProject(context);

    await page.goto(paths.project(project.id));
    const section = page.getByRole("region", { name: T.title, exact: true });
    await expectVisible(section.getByText(T.empty, { exact: true }));
    const toggle = section.getByRole("switch", { name: T.verifyEmailLabel });
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.focus();
    await page.keyboard.press("Space");
    await expectVisible(page.getByText(T.verifyEmailOn, { exact: true }));
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");

    const user = await signUpAppUser(project.keyApp);
    const mail = await readLatestMail(dataDir(), user.email);
    expect(mail.subject).toBe(`Verify your e-mail address for ${project.name}`);
    const link = mail.links.find((url) => url.includes("/app-auth/verify?token="));
    if (!link) throw new Error(`no verification link in ${mail.text}`);

    const visitor = await browser.newPage();
    await visitor.page.goto(link);
    await expectVisible(
      visitor.page.getByText(P.verifyDone(project.name, user.email), { exact: true }),
    );
    const signIn = await appAuth(project.keyApp, "sign-in", user);
    expect(((await signIn.json()) as { user: { verified: boolean } }).user.verified).toBe(true);

    await page.reload();
    const list = section.getByRole("list", { name: T.listLabel, exact: true });
    await expectVisible(list.getByText(T.verified, { exact: true }));
  });
});
