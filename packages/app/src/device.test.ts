import { describe, expect, it } from "vitest";
import { device } from "./device";

/** The picker the SDK adds, once it is in the page. */
const picker = () => document.querySelector<HTMLInputElement>("input[type=file]");

describe("device.openGallery", () => {
  it("returns the picked photos, and removes its picker", async () => {
    const picking = device.openGallery({ multiple: true });
    const input = picker();
    expect(input?.accept).toBe("image/*");
    expect(input?.multiple).toBe(true);
    const photo = new File([new Uint8Array([1, 2, 3])], "photo.png", { type: "image/png" });
    Object.defineProperty(input, "files", { value: [photo] });
    input?.dispatchEvent(new Event("change"));
    expect(await picking).toEqual([photo]);
    expect(picker()).toBeNull();
  });

  it("returns an empty array when the user cancels", async () => {
    const picking = device.openGallery();
    expect(picker()?.multiple).toBe(false);
    picker()?.dispatchEvent(new Event("cancel"));
    expect(await picking).toEqual([]);
    expect(picker()).toBeNull();
  });
});
