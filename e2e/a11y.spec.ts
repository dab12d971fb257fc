import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { paths } from "@hybridge/shared/common/paths";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectVisible } from "./support/assertions";
import { failedResource, useBrowser } from "./support/browser";
import { acceptCookiesFor } from "./support/community";
import { createProjectViaApi } from "./support/projects";
import { type E2eServer, repoRoot, startServer } from "./support/server";
import { createModuleViaApi } from "./support/store";
import { signInContext, signUpAdminViaApi, uniqueEmail } from "./support/users";

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
    const requested = await fetch(server.url(`/api/projects/${project.id}/builds`), {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl, cookie },
      body: JSON.stringify({ platform: "android" }),
    });
    expect(requested.status).toBe(201);
    mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

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
    const check = async (name: string, address: string) => {
      await page.goto(server.url(address));
      await expectVisible(page.getByRole("heading", { level: 1 }).first());
      // Whatever loads after the heading (lists, cards) has settled.
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      await page.screenshot({
        path: path.join(screenshots, `${width}-${name}.png`),
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
    }
    await buildReady();
    for (const [name, address] of [
      ["build", paths.build],
      ["install", paths.install(project.keyApp)],
      // As the dev app's QR code opens it: with the address of the developer's dev server.
      ["dev", `${paths.dev(project.keyApp)}?url=${encodeURIComponent("http://192.168.1.10:5173")}`],
    ] as const) {
      await check(name, address);
    }

    expect(found, found.join("\n")).toEqual([]);
  });
});
