import { randomBytes } from "node:crypto";
import { paths } from "@hybridge/shared/common/paths";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectHidden, expectPath, expectVisible } from "./support/assertions";
import { apiError, failedResource, useBrowser } from "./support/browser";
import { baseUrl } from "./support/env";
import { acceptCookiesEverywhere, createApiUser, postCommentViaApi } from "./support/feedback";
import { type E2eServer, startServer } from "./support/server";
import { createSignedInUser, signInContext, signUpAdminViaApi, uniqueEmail } from "./support/users";

const browser = useBrowser();
const COMMENTS_PATH = "/api/feedback/comments";

const unique = (what: string) => `${what} ${randomBytes(4).toString("hex")}`;
const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });
const commentItem = (page: Page, text: string) =>
  page.getByRole("listitem").filter({ hasText: text });
const deleteButton = (page: Page, text: string) =>
  commentItem(page, text).getByRole("button", { name: "Delete", exact: true });
const commentBox = (page: Page) => page.getByLabel(FeedbackTexts.commentLabel, { exact: true });
const sendButton = (page: Page) => page.getByRole("button", { name: "Send", exact: true });
const evaluateButton = (page: Page) =>
  page.getByRole("button", { name: FeedbackTexts.evaluate, exact: true });

/** Opens /feedback and resolves once its live stream is connected. */
async function openFeedbackLive(page: Page, origin = "") {
  const stream = page.waitForResponse((response) =>
    response.url().endsWith("/api/feedback/comments/events"),
  );
  await page.goto(`${origin}${paths.feedback}`);
  await expectVisible(heading(page, FeedbackTexts.title));
  await stream;
}

describe("reading the feedback page", () => {
  it("shows comments to a signed-out visitor, with a log-in prompt instead of the form", async () => {
    const author = await createApiUser(baseUrl());
    const text = unique("Readable by anyone");
    const comment = await postCommentViaApi(baseUrl(), author, text);
    const { page } = await browser.newPage();
    await page.goto(paths.feedback);
    await expectVisible(heading(page, FeedbackTexts.title));

    const item = commentItem(page, text);
    await expectVisible(item);
    // The display name is the part before the @, never the whole address.
    await expectVisible(item.getByText(author.email.split("@")[0] as string, { exact: true }));
    expect(await page.getByText(author.email).count()).toBe(0);
    expect(await item.locator("time").getAttribute("datetime")).toBe(comment.timestamp);
    expect(await item.getByRole("button", { name: "Delete" }).count()).toBe(0);

    await expectVisible(page.getByText(FeedbackTexts.loginPrompt, { exact: true }));
    expect(await commentBox(page).count()).toBe(0);
    expect(await sendButton(page).count()).toBe(0);
    await page.getByRole("main").getByRole("link", { name: "Sign In", exact: true }).click();
    await expectPath(page, paths.login);
  });

  it("asks a signed-out visitor to log in before evaluating", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.feedback);
    await evaluateButton(page).click();
    const dialog = page.getByRole("dialog", { name: FeedbackTexts.evaluationTitle });
    await expectVisible(dialog.getByText(FeedbackTexts.evaluationLoginPrompt, { exact: true }));
    expect(await dialog.getByRole("slider").count()).toBe(0);
    await dialog.getByRole("link", { name: "Sign In", exact: true }).click();
    await expectPath(page, paths.login);
  });
});

describe("live comments", () => {
  it("a comment posted in one browser appears in another without reload, and so does its deletion", async () => {
    const writer = await browser.newPage();
    const reader = await browser.newPage();
    await createSignedInUser(writer.context);
    await openFeedbackLive(writer.page);
    await openFeedbackLive(reader.page);

    // Blank or white space only: nothing to send.
    expect(await sendButton(writer.page).isDisabled()).toBe(true);
    await commentBox(writer.page).fill("   \n  ");
    expect(await sendButton(writer.page).isDisabled()).toBe(true);

    const text = unique("Hello from another browser");
    await commentBox(writer.page).fill(`  ${text}  `);
    await sendButton(writer.page).click();
    await expectVisible(writer.page.getByText(FeedbackTexts.commentAdded));
    expect(await commentBox(writer.page).inputValue()).toBe("");
    await expectVisible(commentItem(writer.page, text));

    await expectVisible(commentItem(reader.page, text));
    // Newest first: it leads the list.
    expect(await reader.page.getByRole("listitem").first().textContent()).toContain(text);
    expect(await deleteButton(reader.page, text).count()).toBe(0);

    await deleteButton(writer.page, text).click();
    const confirm = writer.page.getByRole("alertdialog", { name: FeedbackTexts.deleteTitle });
    await confirm.getByRole("button", { name: FeedbackTexts.deleteConfirm, exact: true }).click();
    await expectHidden(commentItem(writer.page, text));
    await expectHidden(commentItem(reader.page, text));
  });
});

describe("the comment form", () => {
  it("asks for a comment instead of reporting a failure when Ctrl/⌘+Enter sends a blank one", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await openFeedbackLive(page);
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === COMMENTS_PATH) {
        posted += 1;
      }
    });
    const emptyMessage = page.getByRole("alert").filter({ hasText: FeedbackTexts.commentEmpty });

    await commentBox(page).fill("  \n ");
    await commentBox(page).press("Control+Enter");
    await expectVisible(emptyMessage);
    await commentBox(page).press("Meta+Enter");
    expect(await page.getByText(FeedbackTexts.addFailed).count()).toBe(0);
    expect(posted).toBe(0);

    // Writing something clears the message; Ctrl+Enter then sends, and the comment is new.
    const text = unique("Sent from the keyboard");
    await commentBox(page).fill(text);
    await expectHidden(emptyMessage);
    await commentBox(page).press("Control+Enter");
    await expectVisible(commentItem(page, text));
    expect(posted).toBe(1);
    await expectVisible(commentItem(page, text).getByText(FeedbackTexts.justNow, { exact: true }));
  });
});

describe("delete rights", () => {
  it("offers Delete only on one's own comments, and asks before deleting", async () => {
    const other = await createApiUser(baseUrl());
    const othersText = unique("Someone else's comment");
    await postCommentViaApi(baseUrl(), other, othersText);

    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await openFeedbackLive(page);
    const mine = unique("My own comment");
    await commentBox(page).fill(mine);
    await sendButton(page).click();
    await expectVisible(commentItem(page, mine));

    await expectVisible(commentItem(page, othersText));
    expect(await deleteButton(page, othersText).count()).toBe(0);
    expect(await commentItem(page, othersText).getByText(FeedbackTexts.adminBadge).count()).toBe(0);

    // Cancel keeps it.
    await deleteButton(page, mine).click();
    const confirm = page.getByRole("alertdialog", { name: FeedbackTexts.deleteTitle });
    await expectVisible(confirm.getByText(FeedbackTexts.deleteWarning));
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await expectHidden(confirm);
    await expectVisible(commentItem(page, mine));

    // Confirm deletes it, for good.
    await deleteButton(page, mine).click();
    await confirm.getByRole("button", { name: FeedbackTexts.deleteConfirm, exact: true }).click();
    await expectVisible(page.getByText(FeedbackTexts.commentDeleted));
    await expectHidden(commentItem(page, mine));
    await page.reload();
    await expectVisible(commentItem(page, othersText));
    expect(await commentItem(page, mine).count()).toBe(0);
  });
});

describe("evaluation", () => {
  const slider = (page: Page, name: string) => page.getByRole("slider", { name, exact: true });
  const scoreOf = (page: Page, name: string) => slider(page, name).getAttribute("aria-valuenow");
  /** Focuses a slider, waits until it has the focus, presses the keys and waits for the score. */
  async function press(page: Page, name: string, keys: string[], score: string) {
    // Focused again until it holds: the form may still be moving the focus to a field it refused.
    await expect
      .poll(async () => {
        await slider(page, name).focus();
        return slider(page, name).evaluate((thumb) => thumb === document.activeElement);
      })
      .toBe(true);
    for (const key of keys) await page.keyboard.press(key);
    await expect.poll(() => scoreOf(page, name)).toBe(score);
  }
  const dialogOf = (page: Page) =>
    page.getByRole("dialog", { name: FeedbackTexts.evaluationTitle });

  async function open(page: Page) {
    await evaluateButton(page).click();
    await expectVisible(slider(page, FeedbackTexts.docClarityLabel));
    return dialogOf(page);
  }

  it("is created, then reopened with its values, edited, and reopened with the edit", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.feedback);

    let dialog = await open(page);
    for (const label of [
      FeedbackTexts.docClarityLabel,
      FeedbackTexts.apiIntuitionLabel,
      FeedbackTexts.backendSimplicityLabel,
    ]) {
      expect(await scoreOf(page, label)).toBe("3");
    }
    // Both answers are required.
    await dialog.getByRole("button", { name: FeedbackTexts.evaluationSubmit }).click();
    await expectVisible(dialog.getByText(FeedbackTexts.mainAdvantageRequired));
    await expectVisible(dialog.getByText(FeedbackTexts.mainWeaknessRequired));
    // The focus goes to the first answer refused.
    await expect
      .poll(() =>
        dialog
          .getByLabel(FeedbackTexts.mainAdvantageLabel)
          .evaluate((field) => field === document.activeElement),
      )
      .toBe(true);

    // The sliders work from the keyboard.
    await press(page, FeedbackTexts.docClarityLabel, ["ArrowRight"], "4");
    await press(page, FeedbackTexts.apiIntuitionLabel, ["End"], "5");
    await press(page, FeedbackTexts.backendSimplicityLabel, ["Home"], "1");
    await dialog.getByLabel(FeedbackTexts.mainAdvantageLabel).fill("No backend to run");
    await dialog.getByLabel(FeedbackTexts.mainWeaknessLabel).fill("No iOS dev app yet");
    await dialog.getByRole("button", { name: FeedbackTexts.evaluationSubmit }).click();
    await expectVisible(page.getByText(FeedbackTexts.evaluationCreated));
    await expectHidden(dialog);

    // A fresh page load: the values come from the server.
    await page.reload();
    dialog = await open(page);
    expect(await scoreOf(page, FeedbackTexts.docClarityLabel)).toBe("4");
    expect(await scoreOf(page, FeedbackTexts.apiIntuitionLabel)).toBe("5");
    expect(await scoreOf(page, FeedbackTexts.backendSimplicityLabel)).toBe("1");
    expect(await dialog.getByLabel(FeedbackTexts.mainAdvantageLabel).inputValue()).toBe(
      "No backend to run",
    );
    expect(await dialog.getByLabel(FeedbackTexts.mainWeaknessLabel).inputValue()).toBe(
      "No iOS dev app yet",
    );

    await press(page, FeedbackTexts.docClarityLabel, ["ArrowLeft", "ArrowLeft"], "2");
    await dialog.getByLabel(FeedbackTexts.mainWeaknessLabel).fill("Docs need more examples");
    await dialog.getByRole("button", { name: FeedbackTexts.evaluationUpdate }).click();
    await expectVisible(page.getByText(FeedbackTexts.evaluationUpdated));
    await expectHidden(dialog);

    await page.reload();
    dialog = await open(page);
    expect(await scoreOf(page, FeedbackTexts.docClarityLabel)).toBe("2");
    expect(await scoreOf(page, FeedbackTexts.apiIntuitionLabel)).toBe("5");
    expect(await dialog.getByLabel(FeedbackTexts.mainWeaknessLabel).inputValue()).toBe(
      "Docs need more examples",
    );
  });
});

describe("failures", () => {
  it("shows the spec's messages when a comment, a deletion or an evaluation fails", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    allowErrors(failedResource(401));
    await createSignedInUser(context);
    await openFeedbackLive(page);
    const mine = unique("Posted before the session ended");
    await commentBox(page).fill(mine);
    await sendButton(page).click();
    await expectVisible(commentItem(page, mine));
    await evaluateButton(page).click();
    const evaluation = page.getByRole("dialog", { name: FeedbackTexts.evaluationTitle });
    await evaluation.getByLabel(FeedbackTexts.mainAdvantageLabel).fill("Fast");
    await evaluation.getByLabel(FeedbackTexts.mainWeaknessLabel).fill("Young");

    // The session ends elsewhere (e.g. logged out in another tab); this page does not know yet.
    const signOut = await context.request.post(`${baseUrl()}/api/auth/sign-out`, {
      data: {},
      headers: { origin: baseUrl() },
    });
    expect(signOut.ok()).toBe(true);

    await evaluation.getByRole("button", { name: FeedbackTexts.evaluationSubmit }).click();
    await expectVisible(page.getByText(FeedbackTexts.evaluationFailed, { exact: true }));
    await evaluation.getByRole("button", { name: "Cancel", exact: true }).click();
    await expectHidden(evaluation);

    await deleteButton(page, mine).click();
    await page
      .getByRole("alertdialog", { name: FeedbackTexts.deleteTitle })
      .getByRole("button", { name: FeedbackTexts.deleteConfirm, exact: true })
      .click();
    await expectVisible(page.getByText(FeedbackTexts.deleteFailed, { exact: true }));
    await expectVisible(commentItem(page, mine));
    // The list is reloaded: signed out, Delete is no longer offered.
    await expectHidden(deleteButton(page, mine));

    await commentBox(page).fill("This one will not be stored");
    await sendButton(page).click();
    await expectVisible(page.getByText(FeedbackTexts.addFailed, { exact: true }));
    expect(await commentBox(page).inputValue()).toBe("This one will not be stored");
  });
});

describe("the Feedback dialog in the top bar", () => {
  it("opens the comments in a modal (max 800 px wide, 80 vh tall) and takes a comment", async () => {
    const other = await createApiUser(baseUrl());
    const othersText = unique("Seen from the top bar");
    await postCommentViaApi(baseUrl(), other, othersText);
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(paths.leave);

    await page.getByRole("banner").getByRole("button", { name: "Feedback", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: FeedbackTexts.title });
    await expectVisible(dialog.getByText(othersText));
    // Measured once the opening animation (a slight zoom) has finished.
    const size = async () => {
      const box = await dialog.boundingBox();
      return { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
    };
    await expect.poll(size).toEqual({ width: 800, height: 720 });

    const mine = unique("Posted from the dialog");
    await dialog.getByLabel(FeedbackTexts.commentLabel, { exact: true }).fill(mine);
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await expectVisible(commentItem(page, mine));
    await page.keyboard.press("Escape");
    await expectHidden(dialog);

    await page.goto(paths.feedback);
    await expectVisible(commentItem(page, mine));
  });
});

describe("on a server of our own", () => {
  const adminEmail = uniqueEmail();
  let server: E2eServer;
  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAILS: adminEmail });
  });
  afterAll(async () => {
    await server?.stop();
  });

  // One test: the empty state is seen before the first comment of this server, whatever order
  // the tests run in.
  it("shows the empty state before the first comment; an admin's comments carry the Admin badge, and an admin may delete anyone's", async () => {
    const first = await browser.newPage();
    await acceptCookiesEverywhere(first.context);
    await first.page.goto(`${server.baseUrl}${paths.feedback}`);
    await expectVisible(first.page.getByText(FeedbackTexts.emptyComments, { exact: true }));

    const admin = await signUpAdminViaApi(server, adminEmail);
    const member = await createApiUser(server.baseUrl);
    const adminText = unique("From the team");
    const memberText = unique("From a member");
    await postCommentViaApi(server.baseUrl, admin, adminText);
    await postCommentViaApi(server.baseUrl, member, memberText);

    const asMember = await browser.newPage();
    await acceptCookiesEverywhere(asMember.context);
    await signInContext(asMember.context, server.baseUrl, member.email, member.password);
    await openFeedbackLive(asMember.page, server.baseUrl);
    await expectVisible(
      commentItem(asMember.page, adminText).getByText(FeedbackTexts.adminBadge, { exact: true }),
    );
    expect(
      await commentItem(asMember.page, memberText).getByText(FeedbackTexts.adminBadge).count(),
    ).toBe(0);
    expect(await deleteButton(asMember.page, adminText).count()).toBe(0);
    await expectVisible(deleteButton(asMember.page, memberText));

    const asAdmin = await browser.newPage();
    await acceptCookiesEverywhere(asAdmin.context);
    await signInContext(asAdmin.context, server.baseUrl, admin.email, admin.password);
    await openFeedbackLive(asAdmin.page, server.baseUrl);
    await expectVisible(deleteButton(asAdmin.page, adminText));
    await deleteButton(asAdmin.page, memberText).click();
    await asAdmin.page
      .getByRole("alertdialog", { name: FeedbackTexts.deleteTitle })
      .getByRole("button", { name: FeedbackTexts.deleteConfirm, exact: true })
      .click();
    await expectHidden(commentItem(asAdmin.page, memberText));
    // The member sees it go, live.
    await expectHidden(commentItem(asMember.page, memberText));
    await expectVisible(commentItem(asMember.page, adminText));
  });
});

describe("older comments", () => {
  let server: E2eServer;
  beforeAll(async () => {
    // Its own server: only this test's comments, so that the last page is known.
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows the newest 20, loads older ones with 'Load more', and still puts new ones on top", async () => {
    const author = await createApiUser(server.baseUrl);
    const label = (i: number) => `Paged comment ${String(i).padStart(2, "0")}`;
    for (let i = 0; i < 25; i++) await postCommentViaApi(server.baseUrl, author, label(i));

    const { page, context, allowErrors } = await browser.newPage();
    await acceptCookiesEverywhere(context);
    await openFeedbackLive(page, server.baseUrl);
    const items = page.getByRole("list", { name: "Comments" }).getByRole("listitem");
    const shown = async () =>
      (await items.allTextContents()).map((text) => text.match(/(?:Paged comment|Fresh) \d+/)?.[0]);
    const newestFirst = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, k) => label(from - k));
    const loadMore = page.getByRole("button", { name: FeedbackTexts.loadMore, exact: true });

    await expect.poll(shown).toEqual(newestFirst(24, 5));
    // An older page that fails to load says so, and keeps what is shown (the query tries 3 times).
    allowErrors(failedResource(500));
    await page.route(
      "**/api/feedback/comments?cursor=*",
      (route) => route.fulfill(apiError(500, "INTERNAL", GenericTexts.internal)),
      { times: 3 },
    );
    await loadMore.click();
    await expectVisible(page.getByRole("alert").filter({ hasText: FeedbackTexts.loadMoreFailed }));
    expect(await shown()).toEqual(newestFirst(24, 5));

    await loadMore.click();
    await expect.poll(shown).toEqual(newestFirst(24, 0));
    // Nothing older remains.
    await expectHidden(loadMore);

    await postCommentViaApi(server.baseUrl, author, "Fresh 1");
    await expect.poll(shown).toEqual(["Fresh 1", ...newestFirst(24, 0)]);
  });
});
