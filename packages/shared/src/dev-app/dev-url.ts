/**
 * The dev-server addresses the dev app may load (issue 26): an http(s) URL whose host is on the
 * developer's own network. The dev app allows cleartext HTTP to these hosts only, so a QR code
 * or link cannot turn it into a browser for the open internet with a native bridge attached.
 *
 * The rule, exactly (the dev app's smali mirrors it — DevWebViewClient — and must refuse the same
 * addresses):
 * - scheme `http` or `https` (any case), then `://`, no user info (`@`), no backslash, no
 *   whitespace or character outside printable ASCII anywhere, at most NETWORK_URL_MAX characters;
 * - an optional port of 1 to 5 digits, 1–65535;
 * - a host (compared in lower case) that is one of:
 *   - `localhost`;
 *   - an IPv4 address in dotted decimal (four numbers 0–255, no leading zeros) within
 *     127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 or 169.254.0.0/16;
 *   - a bracketed IPv6 address (no zone id) that is ::1 or within fc00::/7 or fe80::/10;
 *   - a name ending in `.local` (mDNS, e.g. `my-mac.local`), whose labels are letters, digits
 *     and inner hyphens.
 * Anything else (public addresses, other names, 0.0.0.0, numeric forms like `http://2130706433`,
 * IPv4-mapped IPv6) is refused.
 */
import { NETWORK_URL_MAX } from "../test-console/defaults";

export type ParsedDevUrl = {
  scheme: "http" | "https";
  /** In lower case; IPv6 in brackets as written. */
  host: string;
  port: string | null;
  /** Path, query and fragment as written ("" when none). */
  rest: string;
};

const URL_PATTERN = /^([A-Za-z][A-Za-z\d+.-]*):\/\/([^/?#]*)(.*)$/s;
const AUTHORITY_PATTERN = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/;
const LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";
const LOCAL_NAME_PATTERN = new RegExp(`^(?:${LABEL}\\.)+local$`);
const IPV4_PATTERN = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;

/** The parts of an http(s) URL with a host, or null for anything the rule above refuses as a URL. */
export function parseDevUrl(input: string): ParsedDevUrl | null {
  const url = input.trim();
  if (url.length === 0 || url.length > NETWORK_URL_MAX) return null;
  if (!/^[\x21-\x7e]+$/.test(url) || url.includes("\\")) return null;
  const match = URL_PATTERN.exec(url);
  if (!match) return null;
  const scheme = (match[1] ?? "").toLowerCase();
  if (scheme !== "http" && scheme !== "https") return null;
  const authority = match[2] ?? "";
  if (authority.includes("@")) return null;
  const parts = AUTHORITY_PATTERN.exec(authority);
  if (!parts) return null;
  const host = (parts[1] ?? "").toLowerCase();
  if (host.length === 0) return null;
  const port = parts[2] ?? null;
  if (port !== null && (Number(port) < 1 || Number(port) > 65535)) return null;
  return { scheme, host, port, rest: match[3] ?? "" };
}

/** Whether a host (lower case, IPv6 bracketed) is on the developer's network, per the rule above. */
export function isPrivateHost(host: string): boolean {
  if (host === "localhost") return true;
  if (host.startsWith("[")) return host.endsWith("]") && isPrivateIpv6(host.slice(1, -1));
  const ipv4 = IPV4_PATTERN.exec(host);
  if (ipv4) {
    const [a, b, c, d] = ipv4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return false;
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  return LOCAL_NAME_PATTERN.test(host);
}

/** The eight 16-bit groups of an IPv6 address in text (no zone, no embedded IPv4), or null. */
export function ipv6Groups(text: string): number[] | null {
  if (!/^[0-9a-f:]+$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const split = (half: string) => (half === "" ? [] : half.split(":"));
  const head = split(halves[0] ?? "");
  const tail = halves.length === 2 ? split(halves[1] ?? "") : [];
  const all = [...head, ...tail];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  if (halves.length === 1 && head.length !== 8) return null;
  if (halves.length === 2 && all.length > 7) return null;
  const zeros = new Array<string>(8 - all.length).fill("0");
  return [...head, ...(halves.length === 2 ? zeros : []), ...tail].map((g) => parseInt(g, 16));
}

function isPrivateIpv6(text: string): boolean {
  const groups = ipv6Groups(text);
  if (!groups) return false;
  const first = groups[0] ?? 0;
  const loopback = groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
  return loopback || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}

/** Whether the dev app may load this URL (the rule at the top of this file). */
export function isPrivateDevUrl(url: string): boolean {
  const parsed = parseDevUrl(url);
  return parsed !== null && isPrivateHost(parsed.host);
}

/**
 * The URL the dev app loads and the server answers: scheme and host in lower case, the path
 * "/" when there was none, the rest as written. Null when the URL is refused.
 */
export function normaliseDevUrl(url: string): string | null {
  const parsed = parseDevUrl(url);
  if (!parsed || !isPrivateHost(parsed.host)) return null;
  const port = parsed.port === null ? "" : `:${parsed.port}`;
  const rest = parsed.rest.startsWith("/") ? parsed.rest : `/${parsed.rest}`;
  return `${parsed.scheme}://${parsed.host}${port}${rest}`;
}
