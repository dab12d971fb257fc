import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import { AndroidBuildError } from "./errors";
import { loadSharp } from "./load-sharp";
import { DEFAULT_ICON_PATH } from "./shell";

/** Launcher icon sizes in pixels per screen density (Android's 48 dp icon). */
export const LAUNCHER_ICON_SIZES = {
  mdpi: 48,
  hdpi: 72,
  xhdpi: 96,
  xxhdpi: 144,
  xxxhdpi: 192,
} as const;

/**
 * The adaptive icon's layers (Android 8, API 26): 108 dp squares of which the launcher shows
 * the middle 72 dp, masked to its shape (circle, squircle, …) and moved a little for effects.
 */
export const ADAPTIVE_ICON_SIZES = {
  mdpi: 108,
  hdpi: 162,
  xhdpi: 216,
  xxhdpi: 324,
  xxxhdpi: 432,
} as const;

/** The share of the 108 dp layer the icon takes: the 72 dp the launcher shows. */
const ADAPTIVE_ICON_SCALE = 72 / 108;

/** The background behind an icon whose edge is transparent (a logo on nothing). */
const TRANSPARENT_EDGE_BACKGROUND = "#FFFFFF";

/**
 * Writes the launcher icons from the project's 512×512 launch icon (PNG or JPEG), or from the
 * default icon when the project has none:
 * - res/mipmap-<density>/ic_launcher.png: the square icon, for Android 7 (API 24–25);
 * - res/mipmap-<density>/ic_launcher_foreground.png: the icon scaled into the middle 72 dp of a
 *   transparent 108 dp layer, and res/values/launcher_icon.xml: the background layer's colour,
 *   the icon's edge colour — used by res/mipmap-anydpi-v26/ic_launcher.xml (a template).
 */
export async function writeLauncherIcons(resDir: string, launchIcon: Buffer | null): Promise<void> {
  const sharp = await loadSharp();
  const source = launchIcon ?? (await readFile(DEFAULT_ICON_PATH));
  let background: string;
  try {
    background = await edgeColor(source);
  } catch (error) {
    throw new AndroidBuildError("BAD_INPUT", AndroidBuildTexts.launchIconUnreadable, {
      cause: error,
    });
  }
  for (const [density, size] of Object.entries(LAUNCHER_ICON_SIZES)) {
    const png = await sharp(source).resize(size, size, { fit: "cover" }).png().toBuffer();
    const dir = join(resDir, `mipmap-${density}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "ic_launcher.png"), png);
  }
  for (const [density, size] of Object.entries(ADAPTIVE_ICON_SIZES)) {
    const inner = Math.round(size * ADAPTIVE_ICON_SCALE);
    const margin = Math.floor((size - inner) / 2);
    const icon = await sharp(source).resize(inner, inner, { fit: "cover" }).png().toBuffer();
    const png = await sharp({
      create: {
        width: size,
        height: size,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      },
    })
      .composite([{ input: icon, left: margin, top: margin }])
      .png()
      .toBuffer();
    await writeFile(join(resDir, `mipmap-${density}`, "ic_launcher_foreground.png"), png);
  }
  await mkdir(join(resDir, "values"), { recursive: true });
  await writeFile(
    join(resDir, "values", "launcher_icon.xml"),
    `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <color name="ic_launcher_background">${background}</color>\n</resources>\n`,
  );
}

/**
 * The colour of the icon's outermost ring of pixels, averaged by opacity, as #RRGGBB: the
 * background layer then continues the icon past its edge (a full-bleed icon fills the
 * launcher's shape, a rounded square's transparent corners are filled with its own colour).
 * White when less than half the ring is opaque: a logo drawn on nothing.
 */
export async function edgeColor(image: Buffer): Promise<string> {
  const sharp = await loadSharp();
  const size = 64;
  const { data } = await sharp(image)
    .resize(size, size, { fit: "cover" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let r = 0;
  let g = 0;
  let b = 0;
  let weight = 0;
  let pixels = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (x !== 0 && y !== 0 && x !== size - 1 && y !== size - 1) continue;
      const i = (y * size + x) * 4;
      const alpha = (data[i + 3] ?? 0) / 255;
      r += (data[i] ?? 0) * alpha;
      g += (data[i + 1] ?? 0) * alpha;
      b += (data[i + 2] ?? 0) * alpha;
      weight += alpha;
      pixels += 1;
    }
  }
  if (weight < pixels / 2) return TRANSPARENT_EDGE_BACKGROUND;
  const hex = (sum: number) =>
    Math.round(sum / weight)
      .toString(16)
      .padStart(2, "0")
      .toUpperCase();
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}
