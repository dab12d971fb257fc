import { downloadFileStem } from "../../platform/download";

/** The file name a downloaded APK gets: the app code, kept to safe characters, and version. */
export function apkFileName(appKey: string, version: number) {
  return `${downloadFileStem(appKey)}-v${version}.apk`;
}
