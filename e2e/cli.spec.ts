import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { paths } from "@hybridge/shared/common/paths";
import { DatabaseSectionTexts } from "@hybridge/shared/data/texts";
import { isPrivateDevUrl } from "@hybridge/shared/dev-app/dev-url";
import { devLinkUrl } from "@hybridge/shared/dev-app/links";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { docsGroups } from "@hybridge/shared/marketing/docs-guide";
import { describe, expect, it, onTestFinished } from "vitest";
import { readTerminalQr } from "../packages/cli/src/terminal-qr";
import { expectVisible } from "./support/assertions";
import { useBrowser } from "./support/browser";
import { baseUrl } from "./support/env";
import { decodeModules } from "./support/qr";
import { createConsoleProject, revealDatabaseKey } from "./support/test-console";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

/** A docs snippet of the "Install and start" group, by its anchor, as the page shows it. */
function snippet(id: string): string {
  const fn = docsGroups(baseUrl())
    .flatMap((group) => group.functions)
    .find((candidate) => candidate.id === id);
  if (!fn) throw new Error(`no docs snippet ${id}`);
  return fn.code;
}

/**
 * npm as a developer runs it, minus the noise (audit, funding, update notices); the app's own
 * settings come from its .env, not from this test's environment (Vite lets the environment win).
 */
const NPM_ENV = Object.fromEntries(
  Object.entries({
    ...process.env,
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
    npm_config_prefer_offline: "true",
  }).filter(([name]) => !name.startsWith("HYBRIDGE_")),
);

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs one line of a snippet in bash, in `cwd`, to its end. */
function sh(line: string, cwd: string, timeoutMs = 240_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", line], { cwd, env: NPM_ENV });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${line}: still running after ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function shOk(line: string, cwd: string): Promise<Run> {
  const run = await sh(line, cwd);
  if (run.code !== 0) {
    throw new Error(`${line} exited ${run.code}\n${run.stdout}\n${run.stderr}`);
  }
  return run;
}

/** A long-running command (the dev server), in its own process group so that all of it stops. */
function start(line: string, cwd: string): { child: ChildProcess; output: () => string } {
  const child = spawn("bash", ["-c", line], { cwd, env: NPM_ENV, detached: true });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  return { child, output: () => output };
}

function stopGroup(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

/** Sets `name=value` in a .env file, in place of its line when there is one. */
async function setEnv(file: string, line: string) {
  const name = line.split("=")[0] ?? "";
  const lines = (await readFile(file, "utf8")).split("\n").filter((l) => !l.startsWith(`${name}=`));
  await writeFile(file, `${[...lines.filter(Boolean), line].join("\n")}\n`);
}

/** This computer's first IPv4 address that is not loopback, as the dev server should show. */
const lan = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

describe("the command line, step by step as /docs says", () => {
  it("creates an app whose first screen signs a user in and keeps their own notes, deploys its rules, then deploys it without the Test Mode key", async () => {
    const { context, page } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createConsoleProject(context);
    const key = await revealDatabaseKey(context, project.id);
    const work = await mkdtemp(path.join(os.tmpdir(), "hybridge-cli-"));
    onTestFinished(() => rm(work, { recursive: true, force: true }));

    // "Create the project", with the app key, from this server's tarball.
    const create = snippet("create-project").replace("YOUR_APP_KEY", project.keyApp);
    expect(create).toContain(`${baseUrl()}/cli/create-hybridge.tgz`);
    const created = await shOk(create, work);
    expect(created.stdout).toContain(`linked to the app ${project.keyApp}`);
    const app = path.join(work, "my-app");
    expect((await readdir(app)).sort()).toEqual(
      expect.arrayContaining([".env", ".gitignore", "index.html", "package.json", "src"]),
    );
    // Titled with the project's name, not the folder's "my-app".
    expect(await readFile(path.join(app, "index.html"), "utf8")).toContain(
      `<title>${project.name}</title>`,
    );

    // It refuses to write over a folder, and an app key the server does not know.
    const again = await sh(create, work);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The folder "my-app" already exists and is not empty');
    // (The flag's old name still works, with a word that it is deprecated.)
    const unknown = await sh(
      create.replace(`--app-key ${project.keyApp}`, "--key no-such-app").replace("my-app", "other"),
      work,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("--key is deprecated");
    expect(unknown.stderr).toContain('Unknown app key "no-such-app"');
    expect((await readdir(work)).sort()).toEqual(["my-app"]);

    // No Test Mode key anywhere in the new app: neither it nor npm run dev needs one.
    const files = await readdir(app);
    expect(files).toContain("hybridge.rules.json");
    expect(files).not.toContain(".env.development");
    expect(await readFile(path.join(app, ".env"), "utf8")).not.toContain("HYBRIDGE_DATABASE_KEY");

    // A deploy token from the console's Web app section, for npm run rules and npm run deploy.
    const consolePage = await context.newPage();
    await consolePage.goto(`${baseUrl()}${paths.project(project.id)}`);
    const webApp = consolePage.getByRole("region", { name: BundlesTexts.title, exact: true });
    await webApp.getByLabel(BundlesTexts.tokenName).fill("CLI test");
    await webApp.getByRole("button", { name: BundlesTexts.tokenCreate }).click();
    const tokenLine = (await webApp.getByTestId("deploy-token").textContent()) ?? "";
    expect(tokenLine).toMatch(/^HYBRIDGE_DEPLOY_TOKEN=hb_deploy_\w{43}$/);
    await setEnv(path.join(app, ".env"), tokenLine);

    // "Start the project": cd, npm install (from this server and the registry), then the rules
    // (each user's own notes) and npm run dev.
    const [cd, install, runDev] = snippet("start-project").split("\n");
    expect(cd).toBe("cd my-app");
    await shOk(install ?? "", app);
    // "Deploy the rules", whose file is the one "Write the rules" shows.
    expect(JSON.parse(await readFile(path.join(app, "hybridge.rules.json"), "utf8"))).toEqual(
      JSON.parse(snippet("rules-file")),
    );
    const rules = await shOk(snippet("rules-deploy"), app);
    expect(rules.stdout).toContain(`Deployed the rules of 1 collection on ${baseUrl()}: notes.`);
    const dev = start(runDev ?? "", app);
    onTestFinished(() => stopGroup(dev.child));
    await expect
      .poll(() => dev.output(), { timeout: 60_000, interval: 200 })
      .toContain("Dev app link:");
    const port = /Local: +http:\/\/localhost:(\d+)\//.exec(dev.output())?.[1];
    // The dev app's https link on this server, carrying this dev server's network address.
    const link = /Dev app link: (\S+)/.exec(dev.output())?.[1] ?? "";
    const devServer = `http://${lan ?? "localhost"}:${port}`;
    expect(link).toBe(devLinkUrl(baseUrl(), project.keyApp, devServer));
    expect(link.startsWith(`${baseUrl()}/dev/${encodeURIComponent(project.keyApp)}?url=`)).toBe(
      true,
    );
    // The QR code itself, drawn with half blocks, decodes to that link.
    expect(decodeModules(readTerminalQr(dev.output()))).toBe(link);
    // The server checked the link as the dev app will: an address outside a private network
    // (this machine's may be one) is said to be refused, right under the code.
    if (isPrivateDevUrl(devServer)) {
      expect(dev.output()).not.toContain("The server refuses this link");
    } else {
      expect(dev.output()).toContain(`The server refuses this link: ${DevLinkTexts.badDevUrl}`);
    }

    // The first screen, in Chromium: sign up, then add notes of one's own, live.
    await page.goto(`http://localhost:${port}/`);
    await expectVisible(page.getByRole("heading", { name: project.name }), 30_000);
    const email = `notes-${Date.now()}@example.test`;
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("a long enough password 1");
    await page.getByRole("button", { name: "Create an account" }).click();
    await expectVisible(page.getByText(`Signed in as ${email}`), 15_000);
    const notes = page.getByRole("list", { name: "Notes" });
    const order = () => notes.getByRole("listitem").locator("span").allTextContents();
    for (const text of ["Bought oat milk", "Call the bakery"]) {
      await page.getByRole("textbox", { name: "Note" }).fill(text);
      await page.getByRole("button", { name: "Add" }).click();
      await expectVisible(notes.getByText(text, { exact: true }));
    }
    await expect.poll(order).toEqual(["Call the bakery", "Bought oat milk"]);
    await notes.getByRole("button", { name: "Delete “Call the bakery”" }).click();
    await expect.poll(order).toEqual(["Bought oat milk"]);
    await page.reload();
    await expect.poll(order, { timeout: 10_000 }).toEqual(["Bought oat milk"]);
    // Another user, in another browser, sees none of them.
    const other = await browser.newPage();
    await other.page.goto(`http://localhost:${port}/`);
    await other.page.getByLabel("E-mail").fill(`other-${email}`);
    await other.page.getByLabel("Password").fill("a long enough password 2");
    await other.page.getByRole("button", { name: "Create an account" }).click();
    await expectVisible(other.page.getByText(`Signed in as other-${email}`), 15_000);
    const otherNotes = other.page.getByRole("list", { name: "Notes" });
    await other.page.getByRole("textbox", { name: "Note" }).fill("Mine only");
    await other.page.getByRole("button", { name: "Add" }).click();
    await expectVisible(otherNotes.getByText("Mine only", { exact: true }));
    expect(await otherNotes.getByRole("listitem").locator("span").allTextContents()).toEqual([
      "Mine only",
    ]);
    await expect.poll(order).toEqual(["Bought oat milk"]);
    // Signed out, the form comes back.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expectVisible(page.getByRole("button", { name: "Sign in" }));

    // The console's Database section lists both users' notes.
    const database = consolePage.getByRole("region", {
      name: DatabaseSectionTexts.title,
      exact: true,
    });
    await consolePage.reload();
    await expectVisible(database.getByRole("button", { name: /notes\s*2 documents$/ }));

    // "Deploy the web app": npm run deploy. The built app holds neither the Test Mode key nor
    // the deploy token.
    const deployed = await shOk(snippet("deploy-project"), app);
    expect(deployed.stdout).toContain(`are the web app of “${project.name}”`);
    const built = await shOk("cat dist/assets/*.js", app);
    expect(built.stdout).toContain(project.keyApp);
    expect(built.stdout).not.toContain(key);
    expect(built.stdout).not.toContain(tokenLine.split("=")[1]);

    await consolePage.reload();
    const bundles = webApp.getByRole("list", { name: BundlesTexts.title, exact: true });
    await expectVisible(bundles.getByText("dist.zip", { exact: true }));
    await expectVisible(bundles.getByText(BundlesTexts.next, { exact: true }));
    await expectVisible(
      webApp
        .getByRole("list", { name: BundlesTexts.tokensTitle, exact: true })
        .getByText(/Last deploy/),
    );

    // A build that holds the Test Mode key (here a public file that copies it) is refused,
    // naming the file, and nothing is uploaded; --allow-test-key would send it anyway.
    await mkdir(path.join(app, "public"), { recursive: true });
    await writeFile(path.join(app, "public", "config.json"), JSON.stringify({ key }));
    const leaked = await sh(snippet("deploy-project"), app);
    expect(leaked.code).toBe(1);
    expect(leaked.stderr).toContain("The built app holds a Test Mode key, in:\n  dist/config.json");
    expect(leaked.stderr).not.toContain(key);
    await consolePage.reload();
    await expectVisible(bundles.getByText("dist.zip", { exact: true }));
    expect(await bundles.getByRole("listitem").count()).toBe(1);
  }, 360_000);
});
