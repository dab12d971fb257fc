import { AuditTexts } from "@hybridge/shared/audit/texts";
import { paths } from "@hybridge/shared/common/paths";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { describe, it } from "vitest";
import { expectVisible } from "./support/assertions";
import { useBrowser } from "./support/browser";
import { createConsoleProject } from "./support/test-console";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

describe("the project's Activity", () => {
  it("shows the database key the owner just regenerated, with who did it", async () => {
    const { context, page } = await browser.newPage();
    const user = await createSignedInUser(context);
    const project = await createConsoleProject(context);

    // The first view shows the key; the next one offers a new key: an event.
    await page.goto(paths.settings(project.id));
    await expectVisible(page.getByTestId("database-key"));
    await page.reload();
    await page.getByRole("button", { name: ProjectsTexts.regenerate }).click();
    const confirm = page.getByRole("alertdialog", { name: ProjectsTexts.regenerateTitle });
    await confirm.getByRole("button", { name: ProjectsTexts.regenerateConfirm }).click();
    await expectVisible(page.getByText(ProjectsTexts.regenerated, { exact: true }));

    await page.goto(paths.project(project.id));
    const activity = page.getByRole("region", { name: AuditTexts.title, exact: true });
    const name = user.email.split("@")[0] ?? "";
    await expectVisible(
      activity.getByText(AuditTexts.sentence(name, "key.regenerated"), { exact: true }),
    );
  });
});
