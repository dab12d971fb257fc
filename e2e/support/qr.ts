import jsQR from "jsqr";
import type { Locator } from "playwright-core";
import sharp from "sharp";

/**
 * What a QR code on the page says, read the way a phone reads it: a screenshot of the element
 * (with a white margin), decoded by jsQR. Null when nothing decodes.
 */
export async function decodeQrOnPage(qr: Locator): Promise<string | null> {
  const png = await qr.screenshot();
  const { data, info } = await sharp(png)
    .flatten({ background: "#ffffff" })
    .extend({ top: 24, bottom: 24, left: 24, right: 24, background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** A module matrix (true = dark) drawn black on white, 4 pixels a module, decoded by jsQR. */
export function decodeModules(rows: boolean[][]): string | null {
  const scale = 4;
  const height = rows.length * scale;
  const width = (rows[0]?.length ?? 0) * scale;
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dark = rows[Math.floor(y / scale)]?.[Math.floor(x / scale)] ?? false;
      const at = (y * width + x) * 4;
      pixels.fill(dark ? 0 : 255, at, at + 3);
      pixels[at + 3] = 255;
    }
  }
  return jsQR(pixels, width, height)?.data ?? null;
}
