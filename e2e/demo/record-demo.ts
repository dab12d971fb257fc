/**
 * Records the demo of the landing page and /docs from the product itself (`npm run record:demo`):
 * the production build on a fresh server, driven in Chromium through a new user's journey — sign
 * up, create an app, the test console, request a build, publish it — with Playwright's video
 * recording. Writes to apps/web/public/media/:
 *   demo.webm               the video (VP9, 1280×720, at most 3 MB)
 *   demo.jpg                its poster, a frame of the test console
 *   demo.en.vtt, demo.fr.vtt  captions: DEMO_STEPS, timed as the script reached each step
 *
 * Needs the production build (npm run record:demo builds first) and ffmpeg with libvpx on the
 * PATH (`apt install ffmpeg`): Playwright hands the screencast to ffmpeg, and ffmpeg compresses
 * the result.
 */
// First: it tells playwright-core, as that loads, where ffmpeg is.
import "./ffmpeg-shim";
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { paths } from "@hybridge/shared/common/paths";
import type { Locale } from "@hybridge/shared/marketing/locale";
import { DEMO_STEPS, DEMO_VIDEO, type DemoStepId } from "@hybridge/shared/marketing/media";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import type { Page } from "playwright-core";
import { COOKIE_CONSENT_KEY, launchBrowser } from "../support/browser";
import { repoRoot, startServer } from "../support/server";
import { browsersDir, ffmpeg } from "./ffmpeg-shim";

const OUT_DIR = path.join(repoRoot, "apps/web/public/media");
const MAX_BYTES = 3 * 1024 * 1024;
const SIZE = { width: DEMO_VIDEO.width, height: DEMO_VIDEO.height };
/** The address the test console shows for the server: a LAN one, as the README advises. */
const LAN_URL = "http://192.168.1.10:3000";

const work = await mkdtemp(path.join(os.tmpdir(), "hybridge-demo-"));
const server = await startServer({ PUBLIC_URL: LAN_URL });
try {
  const browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: SIZE,
    recordVideo: {
      dir: work,
      size: SIZE,
      // A pointer moving to what is clicked; not the titles, which are Playwright's own code.
      showActions: { duration: 600, cursor: "pointer", style: { title: "display: none" } },
    },
    storageState: {
      cookies: [],
      origins: [
        {
          origin: server.baseUrl,
          localStorage: [{ name: COOKIE_CONSENT_KEY, value: "accepted" }],
        },
      ],
    },
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const startedAt = Date.now();
  const reached: { id: DemoStepId; at: number }[] = [];
  const step = (id: DemoStepId) => reached.push({ id, at: (Date.now() - startedAt) / 1000 });

  await journey(page, step);

  const video = page.video();
  await context.close();
  const duration = (Date.now() - startedAt) / 1000;
  await browser.close();
  const raw = await video?.path();
  if (!raw) throw new Error("record-demo: Playwright wrote no video");

  await mkdir(OUT_DIR, { recursive: true });
  const out = path.join(OUT_DIR, path.basename(DEMO_VIDEO.src));
  // Screens hold still most of the time: a constant quality at 15 frames per second keeps
  // the text sharp and the file small.
  execFileSync(ffmpeg, [
    ...["-loglevel", "error", "-y", "-i", raw, "-an", "-r", "15"],
    ...["-c:v", "libvpx-vp9", "-crf", "40", "-b:v", "0", "-row-mt", "1", out],
  ]);
  for (const locale of ["en", "fr"] as const) {
    const file = path.join(repoRoot, "apps/web/public", DEMO_VIDEO.captions[locale]);
    await writeFile(file, captions(reached, duration, locale));
  }
  const { size } = await stat(out);
  console.log(
    `record-demo: ${path.relative(repoRoot, out)}, ${duration.toFixed(0)} s, ${(size / 1024).toFixed(0)} KiB`,
  );
  if (size > MAX_BYTES)
    throw new Error(`record-demo: the video is over ${MAX_BYTES / 1024 / 1024} MB`);
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
  await rm(browsersDir, { recursive: true, force: true });
}

/** The journey, with a moment on each screen for the viewer to read it. */
async function journey(page: Page, step: (id: DemoStepId) => void) {
  const pause = (ms: number) => page.waitForTimeout(ms);
  const type = (label: string, text: string) =>
    page.getByLabel(label, { exact: true }).pressSequentially(text, { delay: 35 });
  const button = (name: string) => page.getByRole("button", { name, exact: true });
  const link = (name: string) => page.getByRole("link", { name, exact: true });

  await page.goto(paths.landing);
  await pause(2_000);
  step("sign-up");
  await page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }).click();
  await link("Create an account").click();
  await type("Email", "ada@example.com");
  await type("Password", "espresso-2025");
  await type("Confirm password", "espresso-2025");
  await button("Sign Up").click();
  await page.getByRole("dialog", { name: AuthTexts.welcomeTitle }).waitFor();
  await pause(1_500);
  await button(AuthTexts.welcomeConfirm).click();
  await page.waitForURL(`**${paths.home}`);
  await pause(1_500);

  step("create-app");
  await link(ProjectsTexts.addApp).click();
  await type("Name", "Espresso Bar");
  await type(ProjectsTexts.appCodeLabel, "espresso-bar");
  await type("Description", "Order your coffee ahead and skip the queue.");
  await page.getByLabel("Segment", { exact: true }).selectOption("food");
  await pause(500);
  await button(ProjectsTexts.createSubmit).click();

  await page.waitForURL("**/settings/**");
  step("settings");
  await page.getByTestId("database-key").waitFor();
  await pause(2_500);
  await page.getByRole("region", { name: "Install" }).scrollIntoViewIfNeeded();
  await pause(2_000);

  step("test-console");
  await link("Open the test console").click();
  const form = page.getByRole("form", { name: TestConsoleTexts.localhostUrlLabel });
  const field = form.getByLabel(TestConsoleTexts.localhostUrlLabel, { exact: true });
  await field.fill("");
  await field.pressSequentially("http://192.168.1.20:5173", { delay: 35 });
  await form.getByRole("button", { name: TestConsoleTexts.change }).click();
  await form.getByText(TestConsoleTexts.updated).waitFor();
  await page.getByRole("img", { name: TestConsoleTexts.qrLabel }).scrollIntoViewIfNeeded();
  await pause(800);
  await page.screenshot({
    path: path.join(OUT_DIR, path.basename(DEMO_VIDEO.poster)),
    type: "jpeg",
    quality: 80,
  });
  await pause(2_000);

  step("request-build");
  await link("Hybridge Console").click();
  await page.getByRole("link", { name: "Open Espresso Bar" }).click();
  const android = page.getByRole("region", { name: BuildsTexts.cardTitle("android"), exact: true });
  await pause(1_000);
  await android
    .getByRole("button", { name: BuildsTexts.requestBuild("android"), exact: true })
    .click();
  // The server's own build machine builds the real app: queued, its percent, then ready.
  await android.getByText(BuildsTexts.readyToPublish).waitFor({ timeout: 120_000 });
  await pause(2_000);

  step("publish");
  await link("Builds").click();
  await page.getByRole("button", { name: /^Publish/ }).click();
  const confirm = page.getByRole("alertdialog");
  await pause(1_000);
  await confirm.getByRole("button", { name: BuildsTexts.publish, exact: true }).click();
  await page.getByText("Published", { exact: true }).waitFor();
  await pause(1_500);

  step("published");
  await link("Espresso Bar").click();
  await android.getByText(BuildsTexts.version(1)).waitFor();
  await pause(3_000);
}

/** WebVTT captions: each step from the moment it was reached to the next one. */
function captions(reached: { id: DemoStepId; at: number }[], duration: number, locale: Locale) {
  const time = (seconds: number) => {
    const ms = Math.round(seconds * 1000);
    const pad = (n: number, width = 2) => String(n).padStart(width, "0");
    return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
  };
  const cues = reached.map(({ id, at }, i) => {
    const text = DEMO_STEPS.find((s) => s.id === id)?.[locale] ?? id;
    return `${time(at)} --> ${time(reached[i + 1]?.at ?? duration)}\n${text}`;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}
