import { paths } from "@hybridge/shared/common/paths";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { docsGroups } from "@hybridge/shared/marketing/docs-guide";
import { DEMO_STEPS, DEMO_VIDEO, MARKETING_VIDEOS } from "@hybridge/shared/marketing/media";
import { SiteTexts } from "@hybridge/shared/marketing/site-texts";
import { MarketingTexts } from "@hybridge/shared/marketing/texts";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectHidden, expectPath, expectVisible } from "./support/assertions";
import { failedResource, launchBrowser, refuseCopying, useBrowser } from "./support/browser";
import { acceptCookiesFor } from "./support/community";
import { baseUrl, insecureUrl } from "./support/env";
import {
  hasReact,
  isScrolledTo,
  layoutText,
  PRERENDERED_PAGES,
  textsOf,
  topOf,
  waitForPageScript,
  watchRequests,
} from "./support/marketing";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

/** The docs page's "Add a document" snippet, as a Copy button copies it. */
const ADD_A_DOCUMENT =
  'const id = await db.add("orders", {\n  item: "Espresso",\n  quantity: 2,\n});';

const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const h2 = (scope: Page | Locator, name: string) =>
  scope.getByRole("heading", { level: 2, name, exact: true });
const h3 = (scope: Page | Locator, name: string) =>
  scope.getByRole("heading", { level: 3, name, exact: true });
const link = (scope: Page | Locator, name: string) =>
  scope.getByRole("link", { name, exact: true });
const sectionIds = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll("main section[id]")].map((s) => s.id));
const headingsOf = (scope: Locator, level: number) =>
  scope.getByRole("heading", { level }).allTextContents();

/** fr-FR amounts: a no-break space before the euro sign. */
const euros = (amount: number) => `${amount}\u00a0€`;

const FR = SiteTexts.fr;
/** The layout's English words that its French version does not also use ("Console", "©…"). */
const ENGLISH_ONLY = textsOf(SiteTexts.en).filter(
  (text) =>
    text.length > 3 && !text.startsWith("/") && !textsOf(FR).some((fr) => fr.includes(text)),
);

/** On a French page, the top bar, the footer and the skip link speak French, and only French. */
async function expectFrenchLayout(page: Page) {
  const topBar = page.getByRole("banner");
  const footer = page.getByRole("contentinfo");
  expect(await link(topBar, FR.topBar.contactUs).getAttribute("href")).toMatch(/^mailto:/);
  await expectVisible(footer.getByText(FR.footer.exploreHeading, { exact: true }));
  await expectVisible(footer.getByText(FR.footer.tagline, { exact: true }));
  const english = link(footer, FR.footer.otherLanguage.label);
  expect(await english.getAttribute("href")).toBe(paths.landing);
  expect(await english.getAttribute("lang")).toBe("en");
  expect(await page.locator('a[href="#main"]').textContent()).toBe(FR.skipToContent);
  const text = await layoutText(page);
  expect(ENGLISH_ONLY.filter((english) => text.includes(english))).toEqual([]);
}

describe("English landing page", () => {
  it("has every section in the spec's order, with its content and its buttons' targets", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.landing);
    await expectVisible(h1(page, "Hybridge"));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");

    expect(await sectionIds(page)).toEqual([
      "hero",
      "why",
      "package",
      "resources",
      "target",
      "solution",
      "comparison",
      "pricing",
      "trusted-by",
    ]);

    // Hero: the recorded demo (e2e/demo/record-demo.ts); Get Started → /beta.
    const hero = page.locator("#hero");
    await expectVisible(hero.getByRole("figure").locator("video"));
    expect(await link(hero, "Get Started").getAttribute("href")).toBe(paths.beta);
    await expectVisible(hero.getByText("3x", { exact: true }));

    // Why: the pain points and the 50% claim.
    const why = page.locator("#why");
    await expectVisible(h2(why, "Half of a mobile project is mechanics"));
    await expectVisible(why.getByText("50%", { exact: true }));
    expect(await headingsOf(why, 3)).toHaveLength(4);

    // Package: four feature cards.
    expect(await headingsOf(page.locator("#package"), 3)).toEqual([
      "Built-in backend",
      "Native module store",
      "Cloud builds and store publishing",
      "Live preview and OTA updates",
    ]);

    // Resources: three cards; the Android button is the server's dev app — this server builds
    // none (DEV_APP_BUILD=false, e2e/support/server.ts), so it is disabled and says why instead
    // of leading to a missing file (dev-app.spec.ts downloads it from a server that builds it);
    // iOS is coming soon.
    const resources = page.locator("#resources");
    expect(await headingsOf(resources, 3)).toEqual([
      "Any computer",
      "The Hybridge dev app",
      "An internet connection",
      "Get the dev app",
    ]);
    const android = resources.getByRole("button", { name: /Download for Android/ });
    expect(await android.isDisabled()).toBe(true);
    await expectVisible(resources.getByText(DevLinkTexts.reasonOff, { exact: true }));
    expect(await android.textContent()).toContain(DevLinkTexts.unavailableBadge);
    expect(await resources.getByRole("link", { name: /Download/ }).count()).toBe(0);
    const ios = resources.getByRole("button", { name: /Download for iOS/ });
    expect(await ios.isDisabled()).toBe(true);
    expect(await ios.textContent()).toContain("Coming soon");

    // Target: agencies vs freelancers, each with its benefits.
    const target = page.locator("#target");
    expect(await headingsOf(target, 3)).toEqual(["Agencies", "Freelancers"]);
    expect(await target.getByRole("listitem").count()).toBeGreaterThanOrEqual(8);

    // Solution: web view + native modules for maps, animation and 3D.
    const solution = page.locator("#solution");
    await expectVisible(h3(solution, "Web view: your standard screens"));
    for (const module of ["Maps", "Animation", "3D"]) {
      await expectVisible(solution.getByText(module, { exact: true }));
    }

    // Comparison: Hybridge against real alternatives, six columns.
    const table = page.locator("#comparison").getByRole("table");
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "What you get",
      "Hybridge",
      "React Native",
      "Flutter",
      "Capacitor",
      "No-code builders",
    ]);

    // Pricing, in French euro format; both plan buttons go to /login.
    const pricing = page.locator("#pricing");
    const developer = pricing.getByRole("article", { name: "Developer" });
    await expectVisible(developer.getByText(euros(0), { exact: true }));
    await expectVisible(developer.getByText("forever", { exact: true }));
    const pro = pricing.getByRole("article", { name: "Pro" });
    await expectVisible(pro.getByText(euros(27), { exact: true }));
    await expectVisible(pro.getByText("per month", { exact: true }));
    await expectVisible(pro.getByText("POPULAR", { exact: true }));
    const pack = pricing.getByRole("article", { name: "App Store Launch Pack" });
    await expectVisible(pack.getByText(euros(199), { exact: true }));
    await expectVisible(pack.getByText("one-time", { exact: true }));
    expect(await link(developer, "Start for Free").getAttribute("href")).toBe(paths.login);
    expect(await link(pro, "Choose Pro Plan").getAttribute("href")).toBe(paths.login);

    // Trusted by: a row of partner marks, which the section says are examples, not customers.
    const partners = page.locator("#trusted-by");
    expect(await partners.getByRole("listitem").count()).toBe(6);
    await expectVisible(partners.getByText(/names below are examples/));
    expect(await partners.getByText("Trusted by", { exact: true }).count()).toBe(0);

    await link(pro, "Choose Pro Plan").click();
    await expectPath(page, paths.login);
    await page.goBack();
    await link(page.locator("#hero"), "Get Started").click();
    await expectPath(page, paths.beta);
  });

  it("scrolls to a section from the header links, by mouse and by keyboard", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.landing);
    const nav = page.getByRole("navigation", { name: "Page sections" });
    await expectVisible(nav);
    expect(await topOf(page, "pricing")).toBeGreaterThan(1000);

    await link(nav, "Pricing").click();
    // Lands just below the sticky bars, smoothly (never a page load: still the same document).
    await expect.poll(() => isScrolledTo(page, "pricing"), { timeout: 5_000 }).toBe(true);
    expect(new URL(page.url()).hash).toBe("#pricing");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("pricing");
    await expect.poll(() => link(nav, "Pricing").getAttribute("aria-current")).toBe("location");

    await link(nav, "Why").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => isScrolledTo(page, "why"), { timeout: 5_000 }).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("why");
    // The next Tab continues inside the section.
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => document.activeElement?.closest("section")?.id ?? null),
    ).not.toBe("hero");
  });

  it("loads no app: one small plain script, and the console's code only on the console", async () => {
    const { page } = await browser.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const requests = watchRequests(page);
    await page.goto(paths.landing);
    await waitForPageScript(page);
    await requests.settled();
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/public-[\w-]+\.js$/)]);
    expect(await hasReact(page)).toBe(false);

    // The console is the app: a full page load from a public page's link.
    await page.goto(paths.login);
    await expectVisible(page.getByRole("heading", { level: 1 }).first());
    expect(scripts.some((script) => /\/assets\/(index|react)-/.test(script))).toBe(true);
  });

  it("switches to the French page and back, with the document language", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.landing);
    await waitForPageScript(page);
    await link(page.getByRole("navigation", { name: "Page sections" }), "Français").click();
    await expectPath(page, paths.landingFr);
    await expectVisible(page.getByRole("link", { name: "Tester la bêta", exact: true }));
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("fr");
    expect(await page.title()).toBe(PRERENDERED_PAGES[1].title);

    await link(page.getByRole("navigation", { name: "Sections de la page" }), "English").click();
    await expectPath(page, paths.landing);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.title()).toBe(PRERENDERED_PAGES[0].title);
  });
});

describe("French landing page", () => {
  it("is written in French, with its sections, Tester la bêta → /beta and the start button → /join", async () => {
    const { page } = await browser.newPage();
    const response = await page.goto(paths.landingFr);
    expect(response?.status()).toBe(200);
    await expectVisible(h1(page, "Hybridge"));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    expect(await page.title()).toBe(PRERENDERED_PAGES[1].title);

    expect(await sectionIds(page)).toEqual([
      "accueil",
      "apercu",
      "pourquoi",
      "fonctionnalites",
      "comparatif",
      "pour-qui",
      "partenaires",
      "commencer",
    ]);
    for (const title of [
      "Un framework dans le cloud pour passer du web au mobile",
      "La moitié d'un projet mobile, c'est de la mécanique",
      "Tout ce qu'il faut entre votre code et les stores",
      "Hybridge face aux autres solutions",
      "Pensé pour ceux qui livrent des applications",
      "Prêt à lancer votre application\u00a0?",
    ]) {
      await expectVisible(h2(page, title));
    }

    expect(await headingsOf(page.locator("#fonctionnalites"), 3)).toHaveLength(8);
    expect(await page.locator("#comparatif").getByRole("columnheader").count()).toBe(6);
    expect(await headingsOf(page.locator("#pour-qui"), 3)).toEqual([
      "Entreprise",
      "Startups",
      "Agences",
      "Freelance",
    ]);
    expect(await page.locator("#partenaires").getByRole("listitem").count()).toBe(6);
    await expectVisible(page.locator("#partenaires").getByText(/noms sont des exemples/));
    // Screen readers hear each cell's coverage with French typography: "Oui : …".
    expect(await page.locator("#comparatif td").first().textContent()).toBe(
      "Oui\u00a0: React, JavaScript ou TypeScript",
    );

    expect(await link(page.locator("#accueil"), "Tester la bêta").getAttribute("href")).toBe(
      paths.beta,
    );

    // The layout around the page is French too, signed out: "Se connecter", not "Sign In".
    await waitForPageScript(page);
    await expectFrenchLayout(page);
    expect(await link(page.getByRole("banner"), FR.topBar.signIn).getAttribute("href")).toBe(
      paths.login,
    );
    // Search engines find the English page, and this one, as each other's translation.
    expect(
      await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) =>
          links.map((l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`),
        ),
    ).toEqual(["en /", "fr /fr", "x-default /"]);

    await link(page.locator("#commencer"), "Commencer").click();
    await expectPath(page, paths.join);
    await page.goBack();
    await link(page.locator("#accueil"), "Tester la bêta").click();
    await expectPath(page, paths.beta);
  });
});

describe("the layout's language", () => {
  it("is French on /fr and /privacy for a signed-in user, and English again on English pages", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    await page.goto(paths.privacy);
    await waitForPageScript(page);
    const topBar = page.getByRole("banner");
    await expectVisible(topBar.getByRole("button", { name: FR.topBar.feedback, exact: true }));
    expect(await link(topBar, FR.topBar.console).getAttribute("href")).toBe(paths.home);
    expect(await link(topBar, FR.topBar.account).getAttribute("href")).toBe(paths.leave);
    await expectFrenchLayout(page);

    // The link to the English site (a full page load) gives the English layout with the page.
    await link(page.getByRole("contentinfo"), FR.footer.otherLanguage.label).click();
    await expectPath(page, paths.landing);
    const EN = SiteTexts.en;
    await expectVisible(topBar.getByRole("button", { name: EN.topBar.feedback, exact: true }));
    await expectVisible(link(page.getByRole("contentinfo"), EN.footer.otherLanguage.label));
    expect(await link(page.getByRole("contentinfo"), FR.footer.otherLanguage.label).count()).toBe(
      0,
    );
    expect(await page.locator('a[href="#main"]').textContent()).toBe(EN.skipToContent);
    // The English page links its French version, not the privacy page's alternates.
    expect(await page.locator('link[rel="alternate"][hreflang="fr"]').getAttribute("href")).toBe(
      paths.landingFr,
    );
    await page.goto(paths.docs);
    expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBe(0);
  });
});

describe("docs", () => {
  // What the page renders, with this server's address in its commands (PUBLIC_URL).
  const groups = () => docsGroups(baseUrl());

  it("shows the demo video and a snippet for every function of the Test Mode guide", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.docs);
    await expectVisible(h1(page, "Documentation"));
    await expectVisible(h2(page, "Demo video"));
    await expectVisible(page.getByRole("figure").locator("video"));
    await expectVisible(h2(page, "Test Mode guide"));
    await expectVisible(page.getByText(/Test Mode API of the @hybridge\/app package/));

    let snippets = 0;
    for (const group of groups()) {
      const section = page.getByRole("region", { name: group.title, exact: true });
      await expectVisible(h3(section, group.title));
      for (const fn of group.functions) {
        const article = section.getByRole("article", { name: fn.title, exact: true });
        if (fn.comingSoon) {
          // Not built yet: said so, and no snippet to copy as if it worked.
          await expectVisible(article.getByText("Coming soon", { exact: true }));
          expect(await article.locator("pre").count()).toBe(0);
          continue;
        }
        snippets += 1;
        // Named after what it copies (issue 28), and its code block is named the same way.
        await expectVisible(
          article.getByRole("button", {
            name: MarketingTexts.copyCodeLabel(fn.title),
            exact: true,
          }),
        );
        await expectVisible(
          article.getByRole("group", { name: MarketingTexts.codeLabel(fn.title), exact: true }),
        );
        // One block per line, an empty line drawn as a space.
        const lines = await article.locator("pre code > *").allTextContents();
        expect(lines.map((line) => line.trimEnd()).join("\n")).toBe(fn.code);
      }
    }
    expect(snippets).toBeGreaterThan(10);
    const functionCount = snippets;
    // Each function's snippet, and the import line: as many Copy buttons, no two named alike.
    const copyButtons = page.getByRole("button", { name: /^Copy code: / });
    expect(await copyButtons.count()).toBe(functionCount + 1);
    const names = await copyButtons.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute("aria-label")),
    );
    expect(new Set(names).size).toBe(names.length);
    const contact = page.getByRole("region", { name: "Contact", exact: true });
    expect(await link(contact, "contact@hybridge.dev").getAttribute("href")).toBe(
      "mailto:contact@hybridge.dev",
    );
  });

  it("copies a snippet: the label reads 'Copied!', then 'Copy' again after 2 s", async () => {
    const { page, context } = await browser.newPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    await page.goto(paths.docs);
    await waitForPageScript(page);

    const article = page.getByRole("article", { name: "Add a document", exact: true });
    const button = article.getByRole("button").first();
    expect(await button.textContent()).toBe(MarketingTexts.copy);
    await button.click();
    const copiedAt = Date.now();
    await expect.poll(() => button.textContent()).toBe(MarketingTexts.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ADD_A_DOCUMENT);

    await expect
      .poll(() => button.textContent(), { timeout: 5_000, interval: 100 })
      .toBe(MarketingTexts.copy);
    const elapsed = Date.now() - copiedAt;
    expect(elapsed).toBeGreaterThanOrEqual(1_700);
    expect(elapsed).toBeLessThan(3_500);

    // By keyboard too, and the copy is announced.
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => button.textContent()).toBe(MarketingTexts.copied);
    expect(await article.getByRole("status").textContent()).toBe(MarketingTexts.copied);
  });

  it("copies at a plain-http network address too, where browsers give no Clipboard API", async () => {
    const { page, context, allowErrors } = await browser.newPage();
    // Chromium says helmet's Cross-Origin-Opener-Policy does not apply to a plain-http address.
    allowErrors(/The Cross-Origin-Opener-Policy header has been ignored/);
    const address = insecureUrl(paths.docs);
    await acceptCookiesFor(context, new URL(address).origin);
    await page.goto(address);
    await waitForPageScript(page);
    expect(await page.evaluate(() => [window.isSecureContext, typeof navigator.clipboard])).toEqual(
      [false, "undefined"],
    );

    const article = page.getByRole("article", { name: "Add a document", exact: true });
    const button = article.getByRole("button").first();
    await button.click();
    await expect.poll(() => button.textContent()).toBe(MarketingTexts.copied);
    // The system clipboard holds it: a secure page of the same browser reads it back.
    await context.grantPermissions(["clipboard-read"], { origin: baseUrl() });
    const reader = await context.newPage();
    await reader.goto(paths.docs);
    expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(ADD_A_DOCUMENT);
  });

  it("selects the snippet for copying by hand, and says so, when the browser refuses every way", async () => {
    const { page, context } = await browser.newPage();
    await refuseCopying(context);
    await page.goto(paths.docs);
    await waitForPageScript(page);
    const article = page.getByRole("article", { name: "Add a document", exact: true });
    const button = article.getByRole("button").first();
    await button.click();
    await expectVisible(page.getByRole("status").filter({ hasText: MarketingTexts.copyByHand }));
    expect(await button.textContent()).toBe(MarketingTexts.copy);
    expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toBe(
      ADD_A_DOCUMENT,
    );
  });
});

describe("the demo video", () => {
  const player = (page: Page) => page.getByRole("figure").locator("video");
  /** What the player is doing: whether it plays, muted, and how far it got. */
  const state = (page: Page) =>
    player(page).evaluate((video: HTMLVideoElement) => ({
      playing: !video.paused && video.currentTime > 0,
      muted: video.muted,
      controls: video.controls,
    }));

  it("is the product's own recording, small, with a poster and captions in each language", async () => {
    const { page } = await browser.newPage();
    const video = await page.request.get(DEMO_VIDEO.src);
    expect(video.status()).toBe(200);
    expect(video.headers()["content-type"]).toBe("video/webm");
    expect((await video.body()).byteLength).toBeLessThanOrEqual(3 * 1024 * 1024);
    const poster = await page.request.get(DEMO_VIDEO.poster);
    expect(poster.headers()["content-type"]).toBe("image/jpeg");
    for (const locale of ["en", "fr"] as const) {
      const captions = await page.request.get(DEMO_VIDEO.captions[locale]);
      expect(captions.headers()["content-type"]).toMatch(/^text\/vtt/);
      const text = await captions.text();
      expect(text.startsWith("WEBVTT")).toBe(true);
      expect(DEMO_STEPS.filter((step) => text.includes(step[locale]))).toHaveLength(
        DEMO_STEPS.length,
      );
    }
  });

  it("plays muted in the landing hero, with its controls and the steps written out", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.landing);
    await expect.poll(() => state(page)).toEqual({ playing: true, muted: true, controls: true });
    expect(await player(page).getAttribute("aria-label")).toBe(MARKETING_VIDEOS.hero.title);
    // The poster, loaded by the page's script as the video came into view.
    expect(await player(page).getAttribute("poster")).toBe(MARKETING_VIDEOS.hero.poster);
    await page.getByText("What the video shows", { exact: true }).click();
    for (const step of DEMO_STEPS) await expectVisible(page.getByText(step.en, { exact: true }));
  });

  it("does not start by itself for a visitor who asks for reduced motion, nor on /docs", async () => {
    const { page } = await browser.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(paths.landing);
    await waitForPageScript(page);
    expect(await player(page).evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);

    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto(paths.docs);
    await waitForPageScript(page);
    expect(await player(page).evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
    await player(page).evaluate((video: HTMLVideoElement) => video.play());
    await expect.poll(() => state(page)).toMatchObject({ playing: true, controls: true });
  });

  it("speaks French on /fr: its name, its captions and its written steps", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.landingFr);
    expect(await player(page).getAttribute("aria-label")).toBe("Visite guidée de Hybridge");
    expect(await player(page).locator("track").getAttribute("src")).toBe(DEMO_VIDEO.captions.fr);
    await page.getByText("Ce que montre la vidéo", { exact: true }).click();
    for (const step of DEMO_STEPS) await expectVisible(page.getByText(step.fr, { exact: true }));
  });
});

describe("other public pages", () => {
  it("privacy is in French, assistant is a clearly marked demo, welcome leads to sign-up and docs", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.privacy);
    await expectVisible(h1(page, "Politique de confidentialité"));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    for (const title of [
      "Les données que nous conservons",
      "Cookies et stockage local",
      "Vos droits",
    ]) {
      await expectVisible(page.getByRole("heading", { level: 2, name: title }));
    }
    await expectVisible(page.getByText(/RGPD/).first());

    await page.goto(paths.assistant);
    await expectVisible(h1(page, "Assistant"));
    await expectVisible(page.getByText(/this conversation is an example/));
    expect(await page.getByLabel("Message").isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
    expect(
      await page
        .getByRole("list", { name: /Example conversation/ })
        .getByRole("listitem")
        .count(),
    ).toBe(4);

    await page.goto(paths.welcome);
    await expectVisible(h1(page, "Welcome"));
    expect(await link(page.getByRole("main"), "Sign Up").getAttribute("href")).toBe(paths.signup);
    await link(page.getByRole("main"), "Open the docs").click();
    await expectPath(page, paths.docs);
    await expectVisible(h1(page, "Documentation"));
  });

  it("answers an unknown path with 404 and the app's 'Not found' page", async () => {
    const { page, allowErrors } = await browser.newPage();
    allowErrors(failedResource(404));
    const response = await page.goto("/no-such-page/anywhere");
    expect(response?.status()).toBe(404);
    await expectVisible(h1(page, "Not found"));
    // A route of the app without pre-rendered HTML gets the shell with 200.
    const login = await page.goto(paths.login);
    expect(login?.status()).toBe(200);
    await expectVisible(h1(page, "Sign In"));
  });
});

describe("pre-rendered pages", () => {
  it("run their plain script, with no warning, and keep the page's title and language", async () => {
    for (const { path, title, lang, h1: heading } of PRERENDERED_PAGES) {
      const { page } = await browser.newPage();
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning" || message.type() === "error") {
          warnings.push(`${path}: ${message.text()}`);
        }
      });
      const requests = watchRequests(page);
      await page.goto(path);
      await waitForPageScript(page);
      await expectVisible(h1(page, heading));
      await requests.settled();
      expect(warnings).toEqual([]);
      expect(await hasReact(page), path).toBe(false);
      expect(await page.title()).toBe(title);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    }
  });

  it("show Sign In once the session answers no one, and the console link to a signed-in user", async () => {
    const { page: visitor } = await browser.newPage();
    await visitor.goto(paths.landing);
    await waitForPageScript(visitor);
    const signIn = link(visitor.getByRole("banner"), "Sign In");
    // Once the session has answered, shown at once: no longer held transparent for the first
    // 1.5 s, as the pre-rendered bar holds it for whoever might turn out to be signed in.
    await expect.poll(() => signIn.evaluate((element) => element.getAnimations().length)).toBe(0);
    await expectVisible(signIn);

    const { page, context } = await browser.newPage();
    const { email } = await createSignedInUser(context);
    await page.goto(paths.landing);
    const topBar = page.getByRole("banner");
    await expectVisible(link(topBar, "Console"));
    expect(await link(topBar, "Sign In").count()).toBe(0);
    const account = link(topBar, "Account");
    expect(await account.getAttribute("title")).toBe(email);
    expect(await account.getAttribute("href")).toBe(paths.leave);
    expect((await account.textContent())?.startsWith(email.charAt(0))).toBe(true);
    await link(topBar, "Console").click();
    await expectPath(page, paths.home);
  });

  it("open the Feedback dialog for a signed-in visitor, by keyboard, loading it on first use", async () => {
    const { page, context } = await browser.newPage();
    await createSignedInUser(context);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(paths.docs);
    const feedback = page
      .getByRole("banner")
      .getByRole("button", { name: "Feedback", exact: true });
    await expectVisible(feedback);
    expect(scripts.filter((script) => /feedback|react-/.test(script))).toEqual([]);

    await feedback.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: FeedbackTexts.title });
    await expectVisible(dialog);
    await expectVisible(dialog.getByLabel(FeedbackTexts.commentLabel, { exact: true }));
    // The modal hides the rest of the page from the accessibility tree: the button by its markup.
    const opener = page.locator('header button[aria-haspopup="dialog"]');
    expect(await opener.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await expectHidden(dialog);
    // The focus is back on the button, which opens it again.
    expect(await feedback.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await feedback.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Enter");
    await expectVisible(dialog);
  });

  it("show the cookie banner after 3 s, in the page's language", async () => {
    const { page } = await browser.newPage({ cookiesAccepted: false });
    await page.goto(paths.landingFr);
    await waitForPageScript(page);
    const banner = page.getByRole("region", { name: FR.cookies.label, exact: true });
    await expectVisible(banner, 5_000);
    await expectVisible(banner.getByText(FR.cookies.title, { exact: true }));
    await banner.getByRole("button", { name: FR.cookies.accept, exact: true }).click();
    await expectHidden(banner);
  });

  describe("with JavaScript off", () => {
    let noJs: Browser;
    beforeAll(async () => {
      noJs = await launchBrowser();
    });
    afterAll(async () => {
      await noJs?.close();
    });

    it("show their content, title, description and language", async () => {
      const context = await noJs.newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
      try {
        const page = await context.newPage();
        for (const { path, title, lang, h1: heading } of PRERENDERED_PAGES) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          expect(await page.title(), path).toBe(title);
          expect(await page.locator("html").getAttribute("lang"), path).toBe(lang);
          const description = await page
            .locator('meta[name="description"]')
            .getAttribute("content");
          expect(description?.length, path).toBeGreaterThan(50);
          await expectVisible(h1(page, heading));
          expect(await page.getByText(/needs JavaScript/).count(), path).toBe(0);
        }

        await page.goto(paths.landing);
        await expectVisible(h2(page, "Half of a mobile project is mechanics"));
        await expectVisible(page.locator("#pricing").getByText(euros(27), { exact: true }));
        await expectVisible(page.getByRole("link", { name: "Get Started" }).first());

        // The top bar offers Sign In without JavaScript (not a loading placeholder).
        expect(await link(page.getByRole("banner"), "Sign In").getAttribute("href")).toBe(
          paths.login,
        );
        await link(page.getByRole("banner"), "Sign In").click();
        await expectPath(page, paths.login);

        await page.goto(paths.landingFr);
        await expectVisible(h2(page, "La moitié d'un projet mobile, c'est de la mécanique"));
        await expectVisible(link(page.locator("#commencer"), "Commencer"));
        // Pre-rendered in French, layout included.
        await expectFrenchLayout(page);
        expect(await link(page.getByRole("banner"), FR.topBar.signIn).getAttribute("href")).toBe(
          paths.login,
        );

        await page.goto(paths.docs);
        await expectVisible(page.getByText('await db.delete("orders", id);'));

        // Section links are plain anchors without JavaScript.
        await page.goto(paths.landing);
        await page
          .getByRole("navigation", { name: "Page sections" })
          .getByRole("link", { name: "Pricing" })
          .click();
        await expect.poll(() => isScrolledTo(page, "pricing")).toBe(true);
      } finally {
        await context.close();
      }
    });
  });
});
