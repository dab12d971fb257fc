import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import sharp from "sharp";
import { AndroidBuildError } from "./errors";
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
 * Writes res/mipmap-<density>/ic_launcher.png for every density, resized from the project's
 * 512×512 launch icon (PNG or JPEG), or from the default icon when the project has none.
 */
export async function writeLauncherIcons(resDir: string, launchIcon: Buffer | null): Promise<void> {
  const source = launchIcon ?? (await readFile(DEFAULT_ICON_PATH));
  for (const [density, size] of Object.entries(LAUNCHER_ICON_SIZES)) {
    let png: Buffer;
    try {
      png = await sharp(source).resize(size, size, { fit: "cover" }).png().toBuffer();
    } catch (error) {
      throw new AndroidBuildError("BAD_INPUT", AndroidBuildTexts.launchIconUnreadable, {
        cause: error,
      });
    }
    const dir = join(resDir, `mipmap-${density}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "ic_launcher.png"), png);
  }
}
