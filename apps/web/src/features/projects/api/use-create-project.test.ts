import { createAppCommand } from "@hybridge/shared/projects/install-command";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { creationErrorMessage } from "../pages/new-project-page";
import { updateErrorMessage } from "../pages/update-project-page";
import { toCreateProjectForm } from "./use-create-project";

const input = {
  name: "Shop",
  keyApp: "shop",
  description: "Sells",
  segment: "retail" as const,
  navBarType: "footer" as const,
  color: "#0E904D",
  statusbar: "#FFFFFF",
};

describe("toCreateProjectForm", () => {
  it("puts the text fields first, then only the icons that were picked", () => {
    const icon = new File([new Uint8Array([1, 2])], "icon.png", { type: "image/png" });
    const form = toCreateProjectForm({ input, icLaunch: icon, icNotification: null });
    expect([...form.keys()]).toEqual([
      "name",
      "keyApp",
      "description",
      "segment",
      "navBarType",
      "color",
      "statusbar",
      "icLaunch",
    ]);
    expect((form.get("icLaunch") as File).name).toBe("icon.png");
  });
});

describe("error texts", () => {
  const apiError = (status: number, code: string, message: string) =>
    new ApiError({ status, code, message });

  it("shows the creation's message, or 'An unknown error occurred.'", () => {
    expect(creationErrorMessage(apiError(409, "CONFLICT", "This App Code is already taken."))).toBe(
      "This App Code is already taken.",
    );
    expect(
      creationErrorMessage(apiError(500, "ENCRYPTION_FAILED", "Encryption service failed.")),
    ).toBe("Encryption service failed.");
    expect(creationErrorMessage(apiError(500, "INTERNAL", "Oops"))).toBe(
      "An unknown error occurred.",
    );
    expect(creationErrorMessage(new Error("boom"))).toBe("An unknown error occurred.");
  });

  it("maps update failures to the update page's texts", () => {
    expect(updateErrorMessage(apiError(401, "UNAUTHENTICATED", "x"), "fallback")).toBe(
      "You are not connected.",
    );
    expect(updateErrorMessage(apiError(404, "NOT_FOUND", "x"), "fallback")).toBe(
      "Invalid project ID.",
    );
    expect(
      updateErrorMessage(apiError(400, "VALIDATION", "Description cannot be empty."), "f"),
    ).toBe("Description cannot be empty.");
    expect(updateErrorMessage(apiError(500, "INTERNAL", "x"), "Error updating description.")).toBe(
      "Error updating description.",
    );
  });
});

describe("createAppCommand", () => {
  it("runs this server's create-hybridge, quoting an app code the shell would split or expand", () => {
    expect(createAppCommand("https://hb.example", "my-shop")).toBe(
      "npx --yes https://hb.example/cli/create-hybridge.tgz my-app --app-key my-shop --server https://hb.example",
    );
    expect(createAppCommand("http://10.0.0.2:3000", "a$b'c")).toBe(
      "npx --yes http://10.0.0.2:3000/cli/create-hybridge.tgz my-app --app-key 'a$b'\\''c' --server http://10.0.0.2:3000",
    );
  });
});
