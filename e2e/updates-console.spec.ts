import { randomUUID } from "node:crypto";
import { UpdatesConsoleTexts as T } from "@hybridge/shared/updates/texts";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser";
import { webAppZip } from "./support/bundles";
import { deployToken } from "./support/deploy-tokens";
import { url } from "./support/env";
import { createProjectViaApi } from "./support/projects";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

/** `npm run deploy` of a built web app (the CLI's request): one update on production. */
async function deploy(token: string, message: string) {
  const zip = await webAppZip();
  const form = new FormData();
  form.append("message", message);
  form.append("bundle", new Blob([new Uint8Array(zip)], { type: "application/zip" }), "dist.zip");
  const response = await fetch(url("/api/v1/deploy"), {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { update?: { id: string } };
}

/** An installed app asking at cold start, then reporting what it did (the public API). */
async function installChecks(appKey: string) {
  const installId = `install-${randomUUID()}`;
  const response = await fetch(url("/api/v1/updates/check"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      appKey,
      channel: "production",
      runtimeVersion: "android-1",
      currentUpdateId: null,
      installId,
    }),
  });
  expect(response.status).toBe(200);
  const { update } = (await response.json()) as { update: { id: string } | null };
  return { installId, update };
}

describe("the project page's Updates section", () => {
  it("lists two deploys, rolls the newest out to 50 %, follows installs live and rolls back", async () => {
    const { context, page } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    const token = await deployToken(context, project.id);
    await deploy(token, "First release");
    // The newest starts at 20 %: the owner rolls it out further.
    const zip = await webAppZip();
    const form = new FormData();
    form.append("message", "Fix the typo");
    form.append("rolloutPercent", "20");
    form.append("bundle", new Blob([new Uint8Array(zip)], { type: "application/zip" }), "d.zip");
    const second = await fetch(url("/api/v1/deploy"), {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(second.status).toBe(201);

    await page.goto(url(`/project/${project.id}`));
    const section = page.getByRole("region", { name: T.title, exact: true });
    const newest = section.getByRole("listitem", { name: "Fix the typo" });
    const first = section.getByRole("listitem", { name: "First release" });
    await newest.waitFor();
    await first.waitFor();
    await newest.getByText(`${T.rollout} 20 %`).waitFor();

    // Roll out 50 %, confirmed.
    await newest.getByRole("button", { name: /Roll out further/ }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel(T.rollOutLabel).fill("50");
    await dialog.getByRole("button", { name: T.rollOutConfirm }).click();
    await page.getByText(T.rolledOut(50)).waitFor();
    await newest.getByText(`${T.rollout} 50 %`).waitFor();

    // Installs check and report: the counts change without a reload.
    const checks = await Promise.all(
      Array.from({ length: 6 }, () => installChecks(project.keyApp)),
    );
    const offered = checks.filter((c) => c.update);
    expect(offered.length).toBeGreaterThan(0);
    for (const { installId, update } of offered) {
      const reported = await fetch(url("/api/v1/updates/report"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          appKey: project.keyApp,
          installId,
          updateId: update?.id,
          event: "downloaded",
        }),
      });
      expect(reported.status).toBe(204);
    }
    // Each install is in the newest's 50 % or gets the first: the two rows' counts add up.
    const total = async (name: string) => {
      const values = await section
        .locator("dt", { hasText: new RegExp(`^${name}$`) })
        .locator("xpath=following-sibling::dd")
        .allTextContents();
      return values.reduce((sum, value) => sum + Number(value), 0);
    };
    await expect.poll(() => total(T.counts.asked), { timeout: 10_000 }).toBe(offered.length);
    await expect.poll(() => total(T.counts.downloaded), { timeout: 10_000 }).toBe(offered.length);

    // Roll back to the earlier update, confirmed: the newest is shown withdrawn.
    await first.getByRole("button", { name: /Roll back to this/ }).click();
    await dialog.getByRole("button", { name: T.rollBackConfirm }).click();
    await page.getByText(T.rolledBackDone).waitFor();
    // Withdrawn: no action left on it but its Preview.
    await expect
      .poll(() => newest.getByRole("button", { name: /Pause|Resume|Roll/ }).count(), {
        timeout: 10_000,
      })
      .toBe(0);
    await newest.getByRole("button", { name: /Preview/ }).waitFor();
  });
});
