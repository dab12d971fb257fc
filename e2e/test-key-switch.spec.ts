import { paths } from "@hybridge/shared/common/paths";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectVisible } from "./support/assertions";
import { failedResource, useBrowser } from "./support/browser";
import { openSdkPage } from "./support/sdk-page";
import { createConsoleProject } from "./support/test-console";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

type Sdk = { Hybridge: typeof import("@hybridge/app") };
type Seen = { changes: number; errors: Array<{ code: string; status: number }> };

/** The app's page: adds a note through the SDK; its error's message, or "added". */
const addNote = (page: Page, text: string) =>
  page.evaluate(async (value) => {
    try {
      await (window as unknown as Sdk).Hybridge.db.add("notes", { text: value });
      return "added";
    } catch (error) {
      return (error as Error).message;
    }
  }, text);

describe("the Test Mode key's switch", () => {
  it("switched off by the owner, refuses the key's calls and ends its live query; on again, the key works", async () => {
    const { context, page, allowErrors } = await browser.newPage();
    // The app's calls and its stream's reconnection while the key is off: 401s, on purpose.
    allowErrors(failedResource(401), /EventSource's response has a status 401/);
    await createSignedInUser(context);
    const project = await createConsoleProject(context);

    // The settings page shows the key once, says what it is, and its switch is on.
    await page.goto(paths.settings(project.id));
    const key = (await page.getByTestId("database-key").textContent()) ?? "";
    expect(key).toMatch(/^hb_test_\w{43}$/);
    await expectVisible(page.getByText(ProjectsTexts.keyTestMode, { exact: true }));
    const testKey = page.getByRole("switch", { name: ProjectsTexts.testKeySwitchLabel });
    expect(await testKey.getAttribute("aria-checked")).toBe("true");
    await expectVisible(page.getByText(ProjectsTexts.testKeyOn, { exact: true }));

    // An app (another origin) calls with the key and follows its notes live.
    const app = await context.newPage();
    await openSdkPage(app, key);
    // The stream's `ready`: every change after it reaches the watch.
    await app.evaluate(() => {
      const w = window as unknown as { streamReady: Promise<void> };
      const Native = window.EventSource;
      w.streamReady = new Promise((resolve) => {
        window.EventSource = class extends Native {
          constructor(url: string | URL, init?: EventSourceInit) {
            super(url, init);
            this.addEventListener("ready", () => resolve());
          }
        };
      });
    });
    await app.evaluate(() => {
      const w = window as unknown as Sdk & Seen;
      w.changes = 0;
      w.errors = [];
      w.Hybridge.db.watch(
        "notes",
        () => {
          w.changes += 1;
        },
        { onError: (error) => w.errors.push({ code: error.code, status: error.status }) },
      );
    });
    const seen = () =>
      app.evaluate(() => {
        const w = window as unknown as Seen;
        return { changes: w.changes, errors: w.errors };
      });
    await app.evaluate(() => (window as unknown as { streamReady: Promise<void> }).streamReady);
    expect(await addNote(app, "before")).toBe("added");
    await expect.poll(async () => (await seen()).changes).toBe(1);

    // The owner switches the key off: the live query stops, the next call is refused, saying why.
    await testKey.click();
    await expectVisible(page.getByText(ProjectsTexts.testKeySwitchedOff, { exact: true }));
    await expectVisible(page.getByText(ProjectsTexts.testKeyOff, { exact: true }));
    expect(await testKey.getAttribute("aria-checked")).toBe("false");
    await expect
      .poll(async () => (await seen()).errors, { timeout: 15_000 })
      .toEqual([{ code: "UNAUTHENTICATED", status: 401 }]);
    expect(await addNote(app, "while off")).toBe(GenericTexts.testKeySwitchedOff);

    // The switch is stored: a new visit shows it off (the key itself is masked now).
    await page.reload();
    expect(await testKey.getAttribute("aria-checked")).toBe("false");
    expect(await page.getByTestId("database-key").textContent()).not.toBe(key);

    // Switched on again from the keyboard, the same key works again.
    await testKey.focus();
    await page.keyboard.press("Space");
    await expectVisible(page.getByText(ProjectsTexts.testKeySwitchedOn, { exact: true }));
    expect(await testKey.getAttribute("aria-checked")).toBe("true");
    expect(await addNote(app, "after")).toBe("added");
  });
});
