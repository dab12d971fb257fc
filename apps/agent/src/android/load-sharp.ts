/**
 * sharp, imported at its first use and once: libvips is then not held (11–20 MB of a process's
 * memory, decision 064) by a server or an agent that never makes an icon or reads an image.
 * Shared by the Android builds' icons and the server's image uploads (platform/images.ts).
 */
let sharpModule: Promise<typeof import("sharp")> | undefined;
export async function loadSharp() {
  sharpModule ??= import("sharp");
  return (await sharpModule).default;
}
