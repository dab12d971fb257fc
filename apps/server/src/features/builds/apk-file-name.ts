/** The file name a downloaded APK gets: the app code, kept to safe characters, and version. */
export function apkFileName(appKey: string, version: number) {
  const safe = appKey.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "app";
  return `${safe.slice(0, 60)}-v${version}.apk`;
}
