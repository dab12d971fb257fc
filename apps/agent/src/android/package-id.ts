import { createHash } from "node:crypto";

/** The namespace of every app's package id: our own domain, hybridge.dev, reversed. */
const NAMESPACE = "dev.hybridge.app";
const READABLE_PART_MAX = 40;
const HASH_CHARS = 10;

/**
 * The Android package id (applicationId) of a project, from its app code. It never changes
 * for a project (an installed app is updated only by an APK of the same package id), so it is
 * a pure function of the code: a readable part (ASCII letters, digits and underscores, at most
 * 40) followed by a hash of the exact code, which keeps codes that read the same apart ("Shop",
 * "shop", "shop!"). Every segment starts with a letter and none is a Java keyword (the last one
 * always holds an underscore, which no keyword does), so Android, Java and Google Play take it.
 */
export function packageIdFromAppCode(appCode: string): string {
  const hash = createHash("sha256").update(appCode, "utf8").digest("hex").slice(0, HASH_CHARS);
  const readable = appCode
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .slice(0, READABLE_PART_MAX)
    .replace(/^_+|_+$/g, "");
  const segment = /^[a-z]/.test(readable) ? readable : `app${readable ? `_${readable}` : ""}`;
  return `${NAMESPACE}.${segment}_${hash}`;
}
