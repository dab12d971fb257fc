import { networkInterfaces } from "node:os";
import { isUnreachableFromPhone } from "@hybridge/shared/builds/phone-address";
import { PhoneAddressTexts } from "@hybridge/shared/builds/texts";
import { devLinkUrl } from "@hybridge/shared/dev-app/links";

/**
 * This computer's address on the local network (the first IPv4 address that is not loopback),
 * which a phone on the same Wi-Fi can reach; null when there is none.
 */
export function lanAddress(
  interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces(),
): string | null {
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.family === "IPv4" && !entry.internal) return entry.address;
    }
  }
  return null;
}

/**
 * The dev app's link for this dev server, as the test console's QR code encodes it:
 * `{server}/dev/{appKey}?url={dev server}` — a phone's camera opens it, and the page starts the
 * dev app (or offers to install it). The server checks the link as the dev app will
 * (`GET /api/v1/dev-link/{appKey}?url=`, public): an unknown app key, an address the dev app
 * refuses, a server the phone cannot reach or that does not answer: each is one of `warnings`.
 */
export async function devLink(options: {
  server: string;
  appKey: string;
  localhostUrl: string;
  fetch?: typeof fetch;
}): Promise<{ url: string; warnings: string[] }> {
  const server = options.server.replace(/\/+$/, "");
  const url = devLinkUrl(server, options.appKey, options.localhostUrl);
  const warnings: string[] = [];
  const unreachable = phoneAddressWarning(server);
  if (unreachable) warnings.push(unreachable);
  const checked = await checkLink(server, options);
  if (checked) warnings.push(checked);
  return { url, warnings };
}

async function checkLink(
  server: string,
  options: { appKey: string; localhostUrl: string; fetch?: typeof fetch },
): Promise<string | null> {
  try {
    const response = await (options.fetch ?? fetch)(
      `${server}/api/v1/dev-link/${encodeURIComponent(options.appKey)}?url=${encodeURIComponent(options.localhostUrl)}`,
      { headers: { accept: "application/json" } },
    );
    if (response.ok) return null;
    const answer = (await response.json().catch(() => null)) as { message?: string } | null;
    if (response.status === 400 || response.status === 404) {
      return `The server refuses this link: ${answer?.message ?? `HTTP ${response.status}`}`;
    }
    throw new Error(answer?.message ?? `HTTP ${response.status}`);
  } catch (error) {
    return `Could not check the link with ${server} (${(error as Error).message}): is the server running?`;
  }
}

/**
 * The app's server address (HYBRIDGE_SERVER) when a phone cannot reach it, said as the console
 * says it (PhoneAddressTexts): `hybridge dev` and `hybridge deploy` print it before anything else.
 */
export function phoneAddressWarning(server: string): string | null {
  if (!isUnreachableFromPhone(server)) return null;
  return `${PhoneAddressTexts.unreachableTitle}. ${PhoneAddressTexts.unreachable("appServer", server)}`;
}
