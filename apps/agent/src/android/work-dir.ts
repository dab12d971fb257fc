import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Runs `work` in a fresh folder (under `parent`, default the system's temporary folder) that is
 * removed afterwards, whether the work succeeded or not: no build leaves a keystore, a bundle or
 * a half-made APK behind, and no build sees another's files.
 */
export async function withWorkDir<T>(
  parent: string | undefined,
  work: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(parent ?? tmpdir(), "hybridge-android-"));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
