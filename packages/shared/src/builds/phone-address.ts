import { isLoopbackAddress } from "../test-console/server-address";

/**
 * The addresses a phone is given (issue 28, decision 058): every one comes from PUBLIC_URL, and
 * an address that names the computer itself (localhost, 127.0.0.0/8, [::1], 0.0.0.0) is one the
 * phone cannot reach — on the phone, localhost is the phone. One function and one text for the
 * deploy, the bundle upload, the build page, `hybridge dev` and the test console.
 */

/** Who sets the address a warning is about, which names the fix. */
export type PhoneAddressSource = "publicUrl" | "appServer";

/** Whether a phone cannot reach this address: it is the computer's own (isLoopbackAddress). */
export function isUnreachableFromPhone(url: string): boolean {
  return isLoopbackAddress(url);
}

/** Whether the deployment is a development one: an http:// PUBLIC_URL (decision 058). */
export function isDevelopmentServer(publicUrl: string): boolean {
  return /^http:\/\//i.test(publicUrl.trim());
}

// http(s)://localhost, *.localhost, 127.x.x.x, [::1], 0.0.0.0, with an optional port: the
// server addresses a built web bundle carries inlined (Vite's import.meta.env.HYBRIDGE_SERVER).
const LOOPBACK_URL =
  /\bhttps?:\/\/(?:(?:[a-z0-9-]+\.)*localhost|127(?:\.\d{1,3}){3}|\[::1?\]|0\.0\.0\.0)(?::\d{1,5})?(?![\w.-])/gi;

/**
 * The loopback server addresses written in a web bundle's text (its .js and .html files), each
 * once, in in lower case. A text search, not a parse: a bundle that builds its
 * server address at run time is not seen.
 */
export function findLoopbackUrls(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(LOOPBACK_URL)) found.add(match[0].toLowerCase());
  return [...found];
}
