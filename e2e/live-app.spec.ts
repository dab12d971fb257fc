import { AppUsersConsoleTexts } from "@hybridge/shared/app-users/texts";
import { paths } from "@hybridge/shared/common/paths";
import { DatabaseSectionTexts } from "@hybridge/shared/data/texts";
import { RULE_TEMPLATES } from "@hybridge/shared/rules/schemas";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectVisible } from "./support/assertions";
import { useBrowser } from "./support/browser";
import { baseUrl } from "./support/env";
import { openSdkPage } from "./support/sdk-page";
import { createConsoleProject, revealDatabaseKey } from "./support/test-console";
import { createSignedInUser } from "./support/users";

// Issue 25's proof in a real browser: a live app on another origin (as its WebView would be),
// configured with its public app key only. Two users sign up with the SDK in two pages, each
// adds private notes; neither sees the other's in query().get() or watch(); the owner's console
// shows both users and every note; signing out ends access.

const browser = useBrowser();

type Hybridge = typeof import("@hybridge/app");
type AppWindow = Window & {
  Hybridge: Hybridge;
  seen: Array<{ type: string; text?: string }>;
  stop?: () => void;
};

async function signUpAndWrite(page: Page, email: string, texts: string[]) {
  return page.evaluate(
    async ([email, texts]) => {
      const w = window as unknown as AppWindow;
      const { auth, db } = w.Hybridge;
      const user = await auth.signUp({ email, password: "a long password" });
      w.seen = [];
      let ready: () => void = () => {};
      const results = new Promise<void>((resolve) => {
        ready = resolve;
      });
      w.stop = db
        .query<{ text: string; owner: string }>("notes")
        .where("owner", "==", user.id)
        .watch((change) => {
          if (change.type === "results") {
            for (const one of change.documents) w.seen.push({ type: "results", text: one.text });
            ready();
          } else if (change.type === "removed") w.seen.push({ type: "removed" });
          else w.seen.push({ type: change.type, text: change.document.text });
        });
      await results;
      for (const text of texts) await db.add("notes", { owner: user.id, text });
      return user.id;
    },
    [email, texts] as const,
  );
}

const visibleTexts = (page: Page) =>
  page.evaluate(async () => {
    const { db } = (window as unknown as AppWindow).Hybridge;
    const all = await db.query<{ text: string }>("notes").limit(100).get();
    return all.map((one) => one.text).sort();
  });

describe("a live app with users and private notes", () => {
  it("keeps each user's notes theirs, in queries and live, and ends access at sign-out", async () => {
    const { context, page } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createConsoleProject(context);
    const testKey = await revealDatabaseKey(context, project.id);
    const rules = await context.request.put(`${baseUrl()}/api/projects/${project.id}/rules/notes`, {
      headers: { origin: baseUrl() },
      data: RULE_TEMPLATES.privatePerUser,
    });
    expect(rules.status()).toBe(200);

    const anaPage = await context.newPage();
    const benPage = await (await context.browser()?.newContext())?.newPage();
    if (!benPage) throw new Error("no second page");
    await openSdkPage(anaPage, { appKey: project.keyApp });
    await openSdkPage(benPage, { appKey: project.keyApp });
    const suffix = Date.now().toString(36);
    const anaId = await signUpAndWrite(anaPage, `ana-${suffix}@example.test`, ["ana 1", "ana 2"]);
    const benId = await signUpAndWrite(benPage, `ben-${suffix}@example.test`, ["ben 1"]);
    expect(anaId).not.toBe(benId);

    expect(await visibleTexts(anaPage)).toEqual(["ana 1", "ana 2"]);
    expect(await visibleTexts(benPage)).toEqual(["ben 1"]);
    // Ben asks for Ana's notes by her id: the rule answers with none.
    const stolen = await benPage.evaluate(async (owner) => {
      const { db } = (window as unknown as AppWindow).Hybridge;
      return (await db.query("notes").where("owner", "==", owner).get()).length;
    }, anaId);
    expect(stolen).toBe(0);
    // Each watch heard its own additions, and nothing of the other's.
    await anaPage.waitForFunction(() => (window as unknown as AppWindow).seen.length >= 2);
    await benPage.waitForFunction(() => (window as unknown as AppWindow).seen.length >= 1);
    const anaSeen = await anaPage.evaluate(() => (window as unknown as AppWindow).seen);
    const benSeen = await benPage.evaluate(() => (window as unknown as AppWindow).seen);
    expect(anaSeen.map((one) => one.text).sort()).toEqual(["ana 1", "ana 2"]);
    expect(benSeen.map((one) => one.text)).toEqual(["ben 1"]);

    // The owner's console shows both users and every note.
    await page.goto(paths.project(project.id));
    const users = page.getByRole("region", { name: AppUsersConsoleTexts.title, exact: true });
    await expectVisible(users.getByText(`ana-${suffix}@example.test`, { exact: true }).first());
    await expectVisible(users.getByText(`ben-${suffix}@example.test`, { exact: true }).first());
    const database = page.getByRole("region", { name: DatabaseSectionTexts.title, exact: true });
    await expectVisible(database.getByRole("button", { name: /notes\s*3 documents$/ }));
    const all = await fetch(`${baseUrl()}/api/v1/db/collections/notes/documents`, {
      headers: { authorization: `Bearer ${testKey}` },
    });
    expect((await all.json()).documents).toHaveLength(3);

    // Signed out, Ana's page reaches nothing: the same query answers no note.
    await anaPage.evaluate(async () => {
      const w = window as unknown as AppWindow;
      w.stop?.();
      await w.Hybridge.auth.signOut();
    });
    expect(
      await anaPage.evaluate(() => (window as unknown as AppWindow).Hybridge.auth.currentUser()),
    ).toBeNull();
    expect(await visibleTexts(anaPage)).toEqual([]);
    await benPage.context().close();
  });
});
