/**
 * Whether the server address in the dev app's payload points at the computer itself
 * (localhost, 127.0.0.0/8, ::1, 0.0.0.0): a phone that scans it would look for the server on
 * the phone. The test console then says to start the server with PUBLIC_URL set.
 */
export function isLoopbackAddress(url: string): boolean {
  // The host of scheme://[user@]host[:port]/… (no URL global here: shared code has no DOM).
  const match = /^[a-z][a-z\d+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url.trim());
  if (!match?.[1]) return false;
  let host = match[1].toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[")) host = host.slice(1, -1);
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === "0.0.0.0" ||
    host === "::1" ||
    host === "::"
  );
}
