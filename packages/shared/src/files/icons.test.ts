import { describe, expect, it } from "vitest";
import { checkIconFile, createIconInspector } from "./icons";
import { jpegFile, jpegHeader, pngFile, pngHeader } from "./test-files";
import { FilesTexts } from "./texts";

describe("launch icons", () => {
  it("are refused for their pixel size as soon as the header is read", () => {
    for (const header of [pngHeader(20000, 20000), jpegHeader(65500, 65500), pngHeader(512, 511)]) {
      const inspector = createIconInspector("launch");
      inspector.push(header);
      expect(inspector.ok()).toBe(false);
      expect(inspector.finish()).toEqual({ ok: false, message: FilesTexts.launchIconSize });
    }
    const right = createIconInspector("launch");
    right.push(pngHeader(512, 512));
    expect(right.ok()).toBe(true);
  });

  it("are accepted at exactly 512×512, and only whole", () => {
    expect(checkIconFile("launch", { name: "a.png", bytes: pngFile(512, 512) })).toMatchObject({
      ok: true,
      type: "png",
    });
    expect(checkIconFile("launch", { name: "a.jpg", bytes: jpegFile(512, 512) })).toMatchObject({
      ok: true,
      type: "jpeg",
    });
    expect(checkIconFile("launch", { name: "a.png", bytes: pngHeader(512, 512) })).toEqual({
      ok: false,
      message: FilesTexts.notRaster,
    });
  });
});
