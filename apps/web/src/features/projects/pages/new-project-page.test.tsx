// @vitest-environment happy-dom
import { ProjectsTexts, QuotaTexts } from "@hybridge/shared/projects/texts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { NewProjectPage } from "./new-project-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signedIn = {
  "GET /api/session": { body: { user: { id: "u1", email: "ada@example.test", isAdmin: false } } },
};

describe("the new app form", () => {
  it("names each missing field in the spec's words and creates nothing", async () => {
    const calls = stubApi(signedIn);
    renderWithApp(<NewProjectPage />, { path: "/new-project" });
    await userEvent.click(await screen.findByRole("button", { name: ProjectsTexts.createSubmit }));
    for (const message of [
      ProjectsTexts.nameRequired,
      ProjectsTexts.codeRequired,
      ProjectsTexts.descriptionRequired,
      ProjectsTexts.segmentRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("marks no field as missing before the user submits, even after passing through them", async () => {
    stubApi({
      ...signedIn,
      "GET /api/projects/usage": { body: { usage: { projects: { count: 0, limit: 3 } } } },
    });
    renderWithApp(<NewProjectPage />, { path: "/new-project" });
    await userEvent.type(
      await screen.findByRole("textbox", { name: ProjectsTexts.nameLabel }),
      "Shop",
    );
    const description = screen.getByRole("textbox", { name: ProjectsTexts.descriptionLabel });
    const segment = screen.getByRole("combobox", { name: ProjectsTexts.segmentLabel });
    await userEvent.click(description);
    await userEvent.click(segment);
    await userEvent.tab();
    expect(screen.queryByText(ProjectsTexts.descriptionRequired)).toBeNull();
    expect(screen.queryByText(ProjectsTexts.segmentRequired)).toBeNull();
    expect(description.getAttribute("aria-invalid")).toBeNull();
    expect(segment.getAttribute("aria-invalid")).toBeNull();
    expect(description.hasAttribute("required")).toBe(false);
    expect(segment.hasAttribute("required")).toBe(false);
    // After a failed submit, like every other field.
    await userEvent.click(screen.getByRole("button", { name: ProjectsTexts.createSubmit }));
    expect(await screen.findByText(ProjectsTexts.descriptionRequired)).toBeTruthy();
    expect(description.getAttribute("aria-invalid")).toBe("true");
    expect(segment.getAttribute("aria-invalid")).toBe("true");
  });

  it("says when the account has as many projects as the server allows, and creates nothing", async () => {
    const calls = stubApi({
      ...signedIn,
      "GET /api/projects/usage": { body: { usage: { projects: { count: 3, limit: 3 } } } },
    });
    renderWithApp(<NewProjectPage />, { path: "/new-project" });
    expect(await screen.findByText(QuotaTexts.tooManyProjects(3))).toBeTruthy();
    const submit = screen.getByRole("button", { name: ProjectsTexts.createSubmit });
    expect(submit.hasAttribute("disabled")).toBe(true);
    await userEvent.click(submit);
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });
});
