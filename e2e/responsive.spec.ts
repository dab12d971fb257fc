import { randomBytes } from "node:crypto";
import { paths } from "@hybridge/shared/common/paths";
import { CommunityTexts } from "@hybridge/shared/community/texts";
import { localeOf } from "@hybridge/shared/marketing/locale";
import { SiteTexts } from "@hybridge/shared/marketing/site-texts";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectVisible } from "./support/assertions";
import { useBrowser } from "./support/browser";
import { acceptCookiesFor, signUpBetaViaApi } from "./support/community";
import { postCommentViaApi } from "./support/feedback";
import { createProjectViaApi } from "./support/projects";
import { type E2eServer, startServer } from "./support/server";
import { createModuleViaApi } from "./support/store";
import { createSignedInUser, signInContext, signUpAdminViaApi } from "./support/users";

const browser = useBrowser();

/** Every page a visitor reaches without the console, and the feedback page. */
const PUBLIC_PAGES = [
  paths.landing,
  paths.landingFr,
  paths.docs,
  paths.privacy,
  paths.assistant,
  paths.welcome,
  paths.join,
  paths.beta,
  paths.feedback,
  paths.resetPassword,
  paths.changePassword,
  paths.leave,
];
/** Only signed out: signed in, they redirect to the console (/home). */
const SIGNED_OUT_ONLY = [paths.login, paths.signup];

/** An iPhone 14 and the narrowest common Android width. */
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 780 },
];

/**
 * Opens `path` and waits until it shows its final layout: its h1, and once the session has
 * answered, the top bar of that session (the account link when signed in).
 */
async function open(page: Page, path: string, signedIn: boolean) {
  const session = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith("/api/session"),
  );
  await page.goto(path);
  await session;
  await expectVisible(page.getByRole("heading", { level: 1 }).first());
  if (signedIn) {
    const { account } = SiteTexts[localeOf(path)].topBar;
    await expectVisible(page.getByRole("banner").getByRole("link", { name: account }));
  }
}

/** How wide the page is against the screen, and what sticks out (to say what to fix). */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const wider = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      // The outermost offenders only: inside a sideways scroll box, content may be wider.
      .filter((element) => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const { overflowX } = getComputedStyle(parent);
          if (overflowX === "auto" || overflowX === "scroll" || overflowX === "hidden") {
            return false;
          }
        }
        return true;
      })
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wider };
  });

async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, width, wider } = await sideways(page);
  expect(
    scrollWidth,
    `${path} at ${width} px is ${scrollWidth} px wide: ${wider.join(" ")}`,
  ).toBeLessThanOrEqual(width);
}

/** The CSS mask that fades a cut-off side of a scroll box ("none" when nothing is hidden). */
const maskOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => getComputedStyle(element).maskImage);

describe("sideways scrolling on a phone", () => {
  it("the comparison table scrolls in its box, says so, and keeps its criteria column in view", async () => {
    const { page } = await browser.newPage();
    await page.setViewportSize(PHONES[0] as { width: number; height: number });
    await open(page, paths.landing, false);
    const table = page.getByRole("region", {
      name: "Hybridge compared with other ways to build a mobile app",
    });
    await table.scrollIntoViewIfNeeded();
    await expectVisible(page.getByText("Scroll sideways to see every option"));
    const criterion = table.getByRole("rowheader", { name: "Backend included" });
    const before = await criterion.boundingBox();
    const hybridge = table.getByRole("columnheader", { name: "Hybridge", exact: true });
    const hybridgeBefore = await hybridge.boundingBox();

    await table.evaluate((element) => {
      element.scrollLeft = 300;
    });
    // The options moved under the criteria column, which stayed where it was.
    await expect
      .poll(async () => (await hybridge.boundingBox())?.x)
      .toBeLessThan((hybridgeBefore?.x ?? 0) - 200);
    expect((await criterion.boundingBox())?.x).toBe(before?.x);
  });

  it("the section links fade out on the side that hides more of them", async () => {
    const { page } = await browser.newPage();
    await page.setViewportSize(PHONES[0] as { width: number; height: number });
    await open(page, paths.landing, false);
    const links = 'nav[aria-label="Page sections"] ul';
    // At the start, the end fades: more links that way.
    await expect.poll(() => maskOf(page, links)).toMatch(/^linear-gradient\((to right|90deg),/);
    await page.locator(links).evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    // At the end, only the start (now hidden) fades.
    await expect.poll(() => maskOf(page, links)).toMatch(/^linear-gradient\((to left|270deg),/);
  });
});

describe.each(PHONES)("on a $width px phone", (viewport) => {
  it("no page scrolls sideways for a visitor", async () => {
    const { page } = await browser.newPage();
    await page.setViewportSize(viewport);
    for (const path of [...PUBLIC_PAGES, ...SIGNED_OUT_ONLY]) {
      await open(page, path, false);
      await expectNoSidewaysScroll(page, path);
    }
  });

  it("no page scrolls sideways for a signed-in user, and the top bar keeps every link", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.setViewportSize(viewport);
    for (const path of PUBLIC_PAGES) {
      await open(page, path, true);
      await expectNoSidewaysScroll(page, path);
    }

    // Every link of the top bar is on screen, the avatar included, named for screen readers.
    await open(page, paths.landing, true);
    const topBar = page.getByRole("banner");
    const { topBar: names } = SiteTexts.en;
    for (const control of [
      topBar.getByRole("link", { name: names.contactUs }),
      topBar.getByRole("button", { name: names.feedback, exact: true }),
      topBar.getByRole("link", { name: names.console, exact: true }),
      topBar.getByRole("link", { name: names.account, exact: true }),
    ]) {
      const box = await control.boundingBox();
      expect(box, "a top bar control is not drawn").not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    }
  });
});

/**
 * Whether `text` can be read in full on the page: some element shows all of it, inside the
 * screen and not cut by an overflow-hidden box, or an element that cuts it carries all of it in
 * its `title` (a tooltip).
 */
const isReachable = (page: Page, text: string) =>
  page.evaluate((text) => {
    const holders = [...document.querySelectorAll("body *")].filter(
      (element) =>
        element.textContent?.includes(text) &&
        ![...element.children].some((child) => child.textContent?.includes(text)),
    );
    return holders.some((element) => {
      const box = element.getBoundingClientRect();
      // Screen-reader-only copies are 1 px wide: they do not count.
      if (box.width <= 1 || box.height <= 1) return false;
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (node.getAttribute("title") === text) return true;
        const { overflowX } = getComputedStyle(node);
        const cut =
          (overflowX === "hidden" || overflowX === "clip") &&
          node.scrollWidth > node.clientWidth + 1;
        if (cut) return false;
      }
      return box.left >= 0 && box.right <= window.innerWidth + 0.5;
    });
  }, text);

async function expectReachable(page: Page, where: string, ...texts: string[]) {
  for (const text of texts) {
    await expect
      .poll(() => isReachable(page, text), { message: `${where}: "${text}" cannot be read` })
      .toBe(true);
  }
}

describe("long names, app codes, e-mails and titles (issue 11)", () => {
  const hex = randomBytes(4).toString("hex");
  // The longest the forms take, without a space or a hyphen to wrap at: the worst case.
  const name = `Longestnameanyappcouldeverhave${hex}`.padEnd(50, "z");
  const code = `app${hex}`.padEnd(90, "x");
  const email = `${`averylongaddress${hex}`.padEnd(60, "q")}@alongdomain.test`;
  const moduleTitle = `Augmentedrealityindoornavigation${hex}`.padEnd(120, "m");
  const comment = `${"Wonderful".padEnd(80, "!")} — long words must wrap too.`;
  let server: E2eServer;
  let projectId = "";
  let moduleId = "";
  let password = "";

  beforeAll(async () => {
    // Its own server, so that this e-mail is an admin's and /dash shows it.
    server = await startServer({ ADMIN_EMAILS: email });
    const base = server.baseUrl;
    const user = await signUpAdminViaApi(server, email);
    password = user.password;
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, cookie: user.cookie },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    };
    const { page, context } = await browser.newPage();
    await signInContext(context, base, email, password);
    projectId = (await createProjectViaApi(context, { name, keyApp: code }, base)).id;
    moduleId = (await createModuleViaApi(context, { title: moduleTitle }, base)).id;
    await page.close();
    await post(`/api/projects/${projectId}/builds`, { platform: "android" });
    // The server's build machine makes it ready (only a ready build has Publish on /build).
    await vi.waitFor(
      async () => {
        const latest = await fetch(
          `${base}/api/projects/${projectId}/builds/latest?platform=android`,
          { headers: { cookie: user.cookie } },
        );
        const { build } = (await latest.json()) as { build: { status: string } | null };
        expect(build?.status).toBe("ready");
      },
      { timeout: 90_000, interval: 300 },
    );
    await post(`/api/store/modules/${moduleId}/integrations`, { projectId });
    await postCommentViaApi(base, user, comment);
    expect((await signUpBetaViaApi(base, email)).status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([360, 1280])(
    "fit a %i px screen on every page that shows them, whole on hover or on screen",
    async (width) => {
      const { page, context } = await browser.newPage();
      await acceptCookiesFor(context, server.baseUrl);
      await signInContext(context, server.baseUrl, email, password);
      await page.setViewportSize({ width, height: 800 });
      const visit = async (path: string, ready: string) => {
        await page.goto(server.url(path));
        await expectVisible(page.getByText(ready, { exact: true }).first());
        await expectNoSidewaysScroll(page, `${path} (${width} px)`);
      };
      const author = email.split("@")[0] as string;

      await visit(paths.home, name);
      await expectReachable(page, "/home", name, code);
      // The user menu shows the e-mail.
      await page.getByRole("button", { name: "User menu" }).click();
      await expectVisible(page.getByRole("menu"));
      await expectReachable(page, "user menu", email);
      await page.keyboard.press("Escape");

      await visit(paths.project(projectId), name);
      await expectReachable(page, "/project", name, code, moduleTitle);
      for (const link of ["Back", "Update", "Test", "Settings"]) {
        const box = await page.getByRole("link", { name: link, exact: true }).boundingBox();
        expect(box, `/project: the ${link} link is not drawn`).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      }
      await page.getByRole("button", { name: StoreTexts.removeModuleLabel(moduleTitle) }).click();
      await expectVisible(page.getByRole("alertdialog"));
      await expectNoSidewaysScroll(page, `/project's remove dialog (${width} px)`);
      await expectReachable(page, "/project's remove dialog", moduleTitle, name);
      await page.keyboard.press("Escape");

      await visit(paths.settings(projectId), name);
      await expectReachable(page, "/settings", name);

      await visit(paths.updateProject(projectId), name);
      await expectReachable(page, "/update-project", name);

      await visit(paths.test(code), code);
      await expectReachable(page, "/test", name, code);
      await page.getByRole("button", { name: TestConsoleTexts.projectsMenu }).click();
      await expectVisible(page.getByRole("menuitemradio").first());
      await expectNoSidewaysScroll(page, `/test's projects menu (${width} px)`);
      await expectReachable(page, "/test's projects menu", code);
      await page.keyboard.press("Escape");

      await visit(paths.build, name);
      await expectReachable(page, "/build", name, code);
      await page.getByRole("button", { name: /^Publish/ }).click();
      await expectVisible(page.getByRole("alertdialog"));
      await expectNoSidewaysScroll(page, `/build's publish dialog (${width} px)`);
      await expectReachable(page, "/build's publish dialog", name);
      await page.keyboard.press("Escape");

      await visit(paths.store, moduleTitle);
      await expectReachable(page, "/store", moduleTitle);

      await visit(paths.storeModule(moduleId), moduleTitle);
      await expectReachable(page, "/store/module", moduleTitle);
      await page.getByRole("button", { name: StoreTexts.integrate }).click();
      await expectVisible(page.getByRole("dialog").getByText(code, { exact: true }));
      await expectNoSidewaysScroll(page, `/store/module's integrate dialog (${width} px)`);
      await expectReachable(page, "/store/module's integrate dialog", moduleTitle, name, code);
      await page.keyboard.press("Escape");

      await visit(paths.feedback, author);
      await expectReachable(page, "/feedback", author, comment);

      await visit(paths.dash, CommunityTexts.earlyAdoptersCount(1));
      await expectReachable(page, "/dash", email);

      await visit(paths.leave, "Account settings");
      await expectReachable(page, "/leave", email);
    },
  );
});
