import { describe, expect, it } from "vitest";
import { testConfigDefaults } from "./defaults";
import {
  LocalhostUrlSchema,
  StatusBarColorSchema,
  TestNavBarTypeSchema,
  UpdateTestConfigInputSchema,
} from "./schemas";
import { TestConsoleTexts } from "./texts";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("the test page's fields", () => {
  it("accepts hex colours of 3 or 6 digits only", () => {
    for (const ok of ["#fff", "#FFF", "#099e51", "#0E904D"]) {
      expect(StatusBarColorSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ["#ff", "#ffff", "#fffff", "#fffffff", "099e51", "#ggg", ""]) {
      const result = StatusBarColorSchema.safeParse(bad);
      expect(messageOf(result), bad).toBe("Invalid hex color format (e.g., #099e51).");
    }
  });

  it("wants the localhost URL to be an http(s) URL", () => {
    expect(LocalhostUrlSchema.parse(" http://192.168.1.10:3000 ")).toBe("http://192.168.1.10:3000");
    expect(LocalhostUrlSchema.safeParse("https://my-mac.local:5173").success).toBe(true);
    for (const bad of ["localhost:3000", "192.168.1.10", "ftp://x", "http://", ""]) {
      expect(messageOf(LocalhostUrlSchema.safeParse(bad)), bad).toBe(TestConsoleTexts.invalidUrl);
    }
  });

  it("requires a navbar type among none, header and footer", () => {
    for (const ok of ["none", "header", "footer"]) {
      expect(TestNavBarTypeSchema.safeParse(ok).success).toBe(true);
    }
    for (const bad of ["", "side", undefined]) {
      expect(messageOf(TestNavBarTypeSchema.safeParse(bad))).toBe(
        TestConsoleTexts.navBarTypeRequired,
      );
    }
  });

  it("changes one setting at a time", () => {
    expect(UpdateTestConfigInputSchema.safeParse({ statusBar: "#fff" }).success).toBe(true);
    for (const body of [{}, { navBarType: "none", statusBar: "#fff" }, { keyCode: "x" }]) {
      expect(messageOf(UpdateTestConfigInputSchema.safeParse(body))).toBe(
        TestConsoleTexts.oneSettingAtATime,
      );
    }
  });

  it("defaults to the project's own settings and no localhost URL", () => {
    const defaults = testConfigDefaults({ navBarType: "header", statusbar: "#FFFFFF" });
    expect(defaults).toEqual({ navBarType: "header", statusBar: "#FFFFFF", network: "" });
    expect(StatusBarColorSchema.parse(defaults.statusBar)).toBe("#FFFFFF");
    expect(TestNavBarTypeSchema.parse(defaults.navBarType)).toBe("header");
    // No invented address: the tester enters theirs.
    expect(LocalhostUrlSchema.safeParse(defaults.network).success).toBe(false);
  });
});
