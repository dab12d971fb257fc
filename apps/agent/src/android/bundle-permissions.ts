import { readFile } from "node:fs/promises";
import type { BundleFile } from "./apk-contents";
import type { AndroidPermission } from "./shell";

/** The files a page's code is in: what a minifier leaves the web APIs' names in. */
const CODE_FILE = /\.(m?js|cjs|html?)$/i;

/**
 * The manifest permissions a web bundle needs besides INTERNET, read from its code: the web
 * APIs it calls keep their names through any minifier (`navigator.mediaDevices.getUserMedia`,
 * `navigator.geolocation`), so a search of its JavaScript and HTML finds them.
 * - `getUserMedia` (or the old `webkitGetUserMedia`): CAMERA when the code names a `video`
 *   constraint, RECORD_AUDIO (with MODIFY_AUDIO_SETTINGS, which the WebView's WebRTC needs to
 *   route the sound) when it names an `audio` one, both when it names neither (constraints
 *   built at run time).
 * - `geolocation`: ACCESS_FINE_LOCATION and ACCESS_COARSE_LOCATION.
 * - `<input type="file" capture>` needs none: the camera app takes the photo, not ours.
 * A false find costs a line in the manifest and nothing at run time: the shell asks the user
 * only when the page asks it.
 */
export async function bundlePermissions(
  files: readonly BundleFile[],
): Promise<AndroidPermission[]> {
  let userMedia = false;
  let video = false;
  let audio = false;
  let geolocation = false;
  for (const file of files) {
    if (!CODE_FILE.test(file.path)) continue;
    const text = await readFile(file.absolutePath, "latin1");
    userMedia ||= /getusermedia/i.test(text);
    geolocation ||= /\bgeolocation\b/.test(text);
    video ||= /\bvideo["']?\s*:/.test(text);
    audio ||= /\baudio["']?\s*:/.test(text);
  }
  const permissions: AndroidPermission[] = [];
  if (userMedia && (video || !audio)) permissions.push("android.permission.CAMERA");
  if (userMedia && (audio || !video)) {
    permissions.push("android.permission.RECORD_AUDIO", "android.permission.MODIFY_AUDIO_SETTINGS");
  }
  if (geolocation) {
    permissions.push(
      "android.permission.ACCESS_FINE_LOCATION",
      "android.permission.ACCESS_COARSE_LOCATION",
    );
  }
  return permissions;
}
