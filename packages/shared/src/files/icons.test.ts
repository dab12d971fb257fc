import { describe, expect, it } from "vitest";
import { checkIconName, checkIconSize, checkLaunchIconSize } from "./icons";
import { FilesTexts } from "./texts";

describe("launch icons", () => {
  it("want a .png, .jpg or .jpeg name and at most 2 MB (the content is decoded elsewhere)", () => {
    expect(checkIconName("launch", "icon.PNG")).toBeNull();
    expect(checkIconName("launch", "icon.jpeg")).toBeNull();
    expect(checkIconName("launch", "icon.gif")).toBe(
      "Invalid file type. Allowed: .png, .jpg, .jpeg",
    );
    expect(checkIconSize("launch", 2 * 1024 * 1024)).toBeNull();
    expect(checkIconSize("launch", 2 * 1024 * 1024 + 1)).toBe(FilesTexts.tooLarge("2 MB"));
  });

  it("are exactly 512×512 once decoded", () => {
    expect(checkLaunchIconSize(512, 512)).toBeNull();
    for (const [width, height] of [
      [512, 511],
      [1024, 1024],
      [20000, 20000],
    ] as const) {
      expect(checkLaunchIconSize(width, height)).toBe(FilesTexts.launchIconSize);
    }
  });
});
