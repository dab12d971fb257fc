import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { UpdatePreviewTexts as P } from "@hybridge/shared/updates/texts";
import { describe, expect, it } from "vitest";
import { expectVisible } from "./support/assertions";
import { useBrowser } from "./support/browser";
import { webAppZip } from "./support/bundles";
import { deployToken, deployUpdate } from "./support/deploy-tokens";
import { baseUrl, url } from "./support/env";
import { createProjectViaApi } from "./support/projects";
import { decodeQrOnPage } from "./support/qr";
import { createSignedInUser } from "./support/users";

/**
 * Issue 27's "every update has a QR and a preview link": the console's Preview of an update
 * shows the QR code of `{PUBLIC_URL}/dev/{appKey}?update={id}` and the link; the link opens the
 * /dev page naming the update, which on an Android phone starts Hybridge Dev with the same link.
 */
const browser = useBrowser();
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const INTENT_REFUSED = /Not allowed to launch 'intent:\/\/.*' because a user gesture is required/;

describe("an update's Preview", () => {
  it("shows a QR code whose link opens the /dev page naming the update", async () => {
    const { context, page } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createProjectViaApi(context, { name: "Preview Shop" });
    const token = await deployToken(context, project.id);
    const update = await deployUpdate(token, await webAppZip(), {
      message: "New checkout",
      rolloutPercent: "10",
    });
    const updateId = update.id;

    await page.goto(url(`/project/${project.id}`));
    const row = page.getByRole("listitem", { name: "New checkout" });
    await row.getByRole("button", { name: /Preview/ }).click();
    const dialog = page.getByRole("dialog");
    await expectVisible(dialog.getByRole("heading", { name: P.title }));
    const link = await decodeQrOnPage(dialog.getByRole("img", { name: P.qrLabel }));
    expect(link).toBe(`${baseUrl()}/dev/${project.keyApp}?update=${updateId}`);
    if (!link) throw new Error("the QR code did not decode");
    await expectVisible(dialog.getByText(link, { exact: true }));

    // A computer: the page names the update and shows the same link's QR code.
    const desktop = await browser.newPage();
    await desktop.page.goto(link);
    await expectVisible(
      desktop.page.getByRole("heading", { name: DevLinkTexts.previewUpdateOf("Preview Shop") }),
    );
    await expectVisible(desktop.page.getByText("New checkout", { exact: true }));
    await expectVisible(desktop.page.getByText(DevLinkTexts.updateStates.live(10)));
    await expectVisible(desktop.page.getByText(DevLinkTexts.desktopPreviewLead));
    const again = desktop.page.getByRole("img", { name: DevLinkTexts.qrLabel });
    expect(await decodeQrOnPage(again)).toBe(link);

    // An Android phone: Hybridge Dev is started with the preview link.
    const android = await browser.newPage({ userAgent: ANDROID });
    android.allowErrors(INTENT_REFUSED);
    await android.page.goto(link);
    const open = android.page.getByRole("link", { name: DevLinkTexts.openInApp });
    await expectVisible(open);
    const host = new URL(baseUrl()).host;
    expect(await open.getAttribute("href")).toContain(
      `intent://${host}/dev/${project.keyApp}?update=${updateId}#Intent;`,
    );
  });
});
