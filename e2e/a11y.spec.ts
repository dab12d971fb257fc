import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { SiteTexts } from "@hybridge/shared/marketing/site-texts";
import { MarketingTexts } from "@hybridge/shared/marketing/texts";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectHidden, expectVisible } from "./support/assertions";
import { failedResource, useBrowser } from "./support/browser";
import { acceptCookiesFor } from "./support/community";
import { baseUrl } from "./support/env";
import { waitForPageScript } from "./support/marketing";
import { createProjectViaApi } from "./support/projects";
import { type E2eServer, repoRoot, startServer } from "./support/server";
import { createModuleViaApi } from "./support/store";
import { createSignedInUser, signInContext, signUpAdminViaApi, uniqueEmail } from "./support/users";

/**
 * Every screen, signed out and signed in, at a phone's 360 px and a laptop's 1280 px, checked
 * with axe-core against WCAG 2.1 A and AA: any serious or critical violation fails (issue 28,
 * docs/decisions/060-fresh-machine-and-a11y.md). A screenshot of each screen lands in
 * e2e/artifacts/a11y/ (gitignored) for a reviewer to look at.
 */

const browser = useBrowser();

/** axe-core's script, run in the page through the DevTools protocol: the pages' CSP allows no inline script. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const screenshots = path.join(repoRoot, "e2e/artifacts/a11y");

type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/** The serious and critical WCAG 2.1 A/AA violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    })) as { violations: Violation[] };
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target }) => ({ target })),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** What has the keyboard focus: its tag, name and where it is (in the page's main region or not). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase() ?? "",
      name: element?.getAttribute("aria-label") ?? element?.getAttribute("name") ?? "",
      inMain: Boolean(
        element && element !== document.body && document.querySelector("main")?.contains(element),
      ),
      onBody: !element || element === document.body,
    };
  });

const describeViolations = (where: string, violations: Violation[]) =>
  violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
        .slice(0, 4)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );

describe("accessibility of every screen (axe-core, WCAG 2.1 AA)", () => {
  const email = uniqueEmail();
  let server: E2eServer;
  let password = "";
  let project = { id: "", keyApp: "" };
  let moduleId = "";
  let cookie = "";

  beforeAll(async () => {
    // Its own server, so that this user is an admin and /dash shows its page.
    server = await startServer({ ADMIN_EMAILS: email });
    const admin = await signUpAdminViaApi(server, email);
    password = admin.password;
    cookie = admin.cookie;
    const { page, context } = await browser.newPage();
    await signInContext(context, server.baseUrl, email, password);
    project = await createProjectViaApi(context, {}, server.baseUrl);
    moduleId = (await createModuleViaApi(context, {}, server.baseUrl)).id;
    await page.close();
    // The server's build machine builds it while the public screens are checked.
    await requestBuild();
    mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Requests an Android build of the project, which the server's own build machine makes. */
  const requestBuild = async () => {
    const requested = await fetch(server.url(`/api/projects/${project.id}/builds`), {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl, cookie },
      body: JSON.stringify({ platform: "android" }),
    });
    expect(requested.status).toBe(201);
  };

  /** Waits until the build is ready: /build and the install page show it. */
  const buildReady = () =>
    vi.waitFor(
      async () => {
        const response = await fetch(
          server.url(`/api/projects/${project.id}/builds/latest?platform=android`),
          { headers: { cookie } },
        );
        const { build } = (await response.json()) as { build: { status: string } | null };
        expect(build?.status).toBe("ready");
      },
      { timeout: 90_000, interval: 300 },
    );

  it.each([360, 1280])("no serious violation on any screen at %i px", async (width) => {
    const { page, context, allowErrors } = await browser.newPage();
    // The not-found page answers 404.
    allowErrors(failedResource(404));
    await acceptCookiesFor(context, server.baseUrl);
    await page.setViewportSize({ width, height: 800 });
    const found: string[] = [];
    const publishByKeyboard = async () => {
      // Publish with the keyboard: once the dialog closes and the row's Publish button is gone, the
      // focus is still in the page, not on its body (issue 28).
      await page
        .getByRole("button", { name: /^Publish/ })
        .first()
        .focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("alertdialog");
      await dialog.getByRole("button", { name: BuildsTexts.publish, exact: true }).focus();
      await page.keyboard.press("Enter");
      await expectVisible(page.getByText(BuildsTexts.publishDone).first());
      await expectHidden(dialog);
      await expect.poll(async () => (await focused(page)).inMain).toBe(true);
      // The next width publishes a build of its own.
      await requestBuild();
    };
    const check = async (name: string, address: string) => {
      await page.goto(server.url(address));
      await expectVisible(page.getByRole("heading", { level: 1 }).first());
      // Whatever loads after the heading (lists, cards) has settled.
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      // Entrance animations (the auth card's slide-up fades in) have ended: axe measures the
      // colours as they are drawn, mid-fade they are lighter than the page's own. Endless ones
      // (a pulse) never end and are left alone.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
      await page.screenshot({
        // JPEG: a long page's PNG takes several times longer to encode.
        path: path.join(screenshots, `${width}-${name}.jpg`),
        type: "jpeg",
        quality: 70,
        fullPage: true,
      });
      found.push(...describeViolations(`${name} (${width} px)`, await seriousViolations(page)));
    };

    for (const [name, address] of [
      ["landing", paths.landing],
      ["landing-fr", paths.landingFr],
      ["docs", paths.docs],
      ["privacy", paths.privacy],
      ["assistant", paths.assistant],
      ["welcome", paths.welcome],
      ["join", paths.join],
      ["beta", paths.beta],
      ["sign-in", paths.login],
      ["sign-up", paths.signup],
      ["reset-password", paths.resetPassword],
      ["not-found", "/no-such-page"],
    ] as const) {
      await check(name, address);
    }

    await signInContext(context, server.baseUrl, email, password);
    /** Where each console page's title starts: one x on a phone (issue 28 found three). */
    const titleStarts = new Map<string, number>();
    for (const [name, address] of [
      ["home", paths.home],
      ["new-project", paths.newProject],
      ["project", paths.project(project.id)],
      ["update-project", paths.updateProject(project.id)],
      ["settings", paths.settings(project.id)],
      ["test-console", paths.test(project.keyApp)],
      ["store", paths.store],
      ["store-module", paths.storeModule(moduleId)],
      ["add-module", paths.addModule],
      ["feedback", paths.feedback],
      ["dash", paths.dash],
      ["leave", paths.leave],
      ["change-password", paths.changePassword],
    ] as const) {
      await check(name, address);
      // Not the module page: its title is inside the module's card, under its video.
      if (width === 360 && !["change-password", "store-module"].includes(name)) {
        titleStarts.set(
          name,
          await page
            .getByRole("heading", { level: 1 })
            .first()
            .evaluate((title) => Math.round(title.getBoundingClientRect().x)),
        );
      }
    }
    expect(
      new Set(titleStarts.values()).size,
      JSON.stringify([...titleStarts]),
    ).toBeLessThanOrEqual(1);
    await buildReady();
    await check("build", paths.build);
    await publishByKeyboard();
    await check("install", paths.install(project.keyApp));
    // As the dev app's QR code opens it: with the address of the developer's dev server.
    await check(
      "dev",
      `${paths.dev(project.keyApp)}?url=${encodeURIComponent("http://192.168.1.10:5173")}`,
    );

    // The install page says a small APK's size in KB, beside the app's icon.
    await page.goto(server.url(paths.install(project.keyApp)));
    await expectVisible(page.getByText(/^\d+ KB · Allow installs/));
    expect(await page.getByRole("main").locator("img").first().getAttribute("src")).toBe(
      "/api/files/default.png",
    );

    expect(found, found.join("\n")).toEqual([]);
  });
});

describe.each([360, 1280])("keyboard and screen readers at %i px (issue 28)", (width) => {
  const sized = async (options?: Parameters<typeof browser.newPage>[0]) => {
    const opened = await browser.newPage(options);
    await opened.page.setViewportSize({ width, height: 800 });
    return opened;
  };

  it("a failed sign-in marks both fields invalid and puts the focus back on the e-mail", async () => {
    const { page, allowErrors } = await sized();
    allowErrors(failedResource(401));
    await page.goto(paths.login);
    await page.getByLabel(UiTexts.emailLabel).fill(uniqueEmail());
    await page.getByLabel(AuthTexts.passwordLabel, { exact: true }).fill("not-the-password");
    await page.keyboard.press("Enter");
    await expectVisible(page.getByText(AuthTexts.loginFailed));
    const email = page.getByLabel(UiTexts.emailLabel);
    await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
    expect(
      await page.getByLabel(AuthTexts.passwordLabel, { exact: true }).getAttribute("aria-invalid"),
    ).toBe("true");
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
  });

  it("/new-project: an empty submit focuses the name, and the code's availability is read out", async () => {
    const { page, context } = await sized();
    await createSignedInUser(context);
    await page.goto(paths.newProject);
    await page.getByRole("button", { name: ProjectsTexts.createSubmit }).click();
    const name = page.getByLabel(ProjectsTexts.nameLabel, { exact: true });
    await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true);

    await page.getByLabel(ProjectsTexts.appCodeLabel).fill(`free-${Date.now()}`);
    const live = page
      .locator('[aria-live="polite"]')
      .filter({ hasText: ProjectsTexts.codeAvailable });
    await expectVisible(live);
  });

  it("the project page has no invisible Tab stop: every control the Tab key reaches is seen", async () => {
    const { page, context } = await sized();
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    await page.goto(paths.project(project.id));
    await expectVisible(page.getByRole("heading", { level: 1 }));
    const invisible: string[] = [];
    for (let stop = 0; stop < 120; stop += 1) {
      await page.keyboard.press("Tab");
      const seen = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return null;
        const box = element.getBoundingClientRect();
        const label =
          element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
        return { tag: element.tagName.toLowerCase(), label, seen: box.width > 2 && box.height > 2 };
      });
      if (seen === null) break;
      if (!seen.seen) invisible.push(`${seen.tag} "${seen.label}"`);
    }
    expect(invisible).toEqual([]);
  });

  it("/docs: Tab reaches each scrolling code block, named like its Copy button", async () => {
    const { page } = await sized();
    await page.goto(paths.docs);
    await waitForPageScript(page);
    const copy = page.getByRole("button", { name: /^Copy code: / }).first();
    const label = (await copy.getAttribute("aria-label")) ?? "";
    await copy.focus();
    await page.keyboard.press("Tab");
    const block = await focused(page);
    expect(block.tag).toBe("pre");
    expect(block.name).toBe(MarketingTexts.codeLabel(label.replace(/^Copy code: /, "")));
  });

  it("the landing's comparison table, a Tab stop, shows a focus ring", async () => {
    const { page } = await sized();
    await page.goto(paths.landing);
    await waitForPageScript(page);
    const table = page.getByRole("region", {
      name: "Hybridge compared with other ways to build a mobile app",
    });
    // Focused as the keyboard does (Chromium draws :focus-visible after a key press).
    await page.keyboard.press("Tab");
    await table.focus();
    await expect
      .poll(() => table.evaluate((region) => region.matches(":focus-visible")))
      .toBe(true);
    const ring = await table.evaluate((region) => {
      const { outlineStyle, outlineWidth } = getComputedStyle(region.parentElement as Element);
      return `${outlineStyle} ${outlineWidth}`;
    });
    expect(ring).toBe("solid 2px");
  });

  it("the cookie banner is the first stop after the skip link, and Accept leaves the focus in the page", async () => {
    const { page } = await sized({ cookiesAccepted: false });
    // The banner waits 3 s after the page loads: the page's clock skips them.
    await page.clock.install();
    for (const address of [paths.docs, paths.home]) {
      await page.goto(address);
      await expectVisible(page.getByRole("heading", { level: 1 }).first());
      await page.clock.fastForward(3_000);
      const banner = page.getByRole("region", { name: SiteTexts.en.cookies.label });
      await expectVisible(banner);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect
        .poll(() => banner.evaluate((region) => region.contains(document.activeElement)))
        .toBe(true);
      await page.keyboard.press("Enter");
      await expectHidden(banner);
      await expect.poll(async () => (await focused(page)).onBody).toBe(false);
      await page.evaluate(() => localStorage.clear());
    }
  });

  it("deleting a comment leaves the focus in the page", async () => {
    const { page, context } = await sized();
    const user = await createSignedInUser(context);
    const text = `A comment to delete ${Date.now()}`;
    await context.request.post("/api/feedback/comments", {
      headers: { origin: baseUrl() },
      data: { text },
    });
    await page.goto(paths.feedback);
    const comment = page
      .getByRole("article", { name: FeedbackTexts.commentBy(user.email.split("@")[0] ?? "") })
      .filter({ hasText: text });
    await comment.getByRole("button", { name: FeedbackTexts.deleteConfirm }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: FeedbackTexts.deleteConfirm, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expectHidden(comment);
    await expect.poll(async () => (await focused(page)).inMain).toBe(true);
  });
});
