import { describe, expect, it } from "vitest";
import {
  AppCodeSchema,
  CreateProjectInputSchema,
  maskDatabaseKey,
  UpdateProjectInputSchema,
} from "./schemas";
import { ProjectsTexts } from "./texts";

const message = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe("project schemas", () => {
  it("strips every space from the app code, then checks it", () => {
    expect(AppCodeSchema.parse(" my  shop 1 ")).toBe("myshop1");
    // A tab or a line break is refused, not stripped (decision 017).
    expect(message(AppCodeSchema.safeParse("my\tshop"))).toBe(
      "value: contains a character that is not allowed.",
    );
    expect(message(AppCodeSchema.safeParse("   "))).toBe(ProjectsTexts.codeRequired);
    expect(message(AppCodeSchema.safeParse(`${"k".repeat(90)} `))).toBeUndefined();
    expect(message(AppCodeSchema.safeParse("k".repeat(91)))).toBe(ProjectsTexts.codeTooLong(90));
  });

  it("gives the new app form its defaults", () => {
    expect(
      CreateProjectInputSchema.parse({
        name: " Shop ",
        keyApp: "shop",
        description: "Sells",
        segment: "retail",
      }),
    ).toEqual({
      name: "Shop",
      keyApp: "shop",
      description: "Sells",
      segment: "retail",
      navBarType: "footer",
      color: "#0E904D",
      statusbar: "#FFFFFF",
    });
  });

  it("wants something to update", () => {
    expect(message(UpdateProjectInputSchema.safeParse({}))).toBe(ProjectsTexts.nothingToUpdate);
    expect(UpdateProjectInputSchema.parse({ description: "  new  " })).toEqual({
      description: "new",
    });
  });

  it("masks a key as its display prefix and a dot for each hidden character", () => {
    expect(maskDatabaseKey("hb_test_Ab12")).toBe(`hb_test_Ab12${"•".repeat(39)}`);
  });
});
