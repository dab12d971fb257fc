import {
  SERVER_ADDRESS_MARK,
  SERVER_ADDRESS_META,
} from "@hybridge/shared/projects/install-command";

/**
 * This server's public address (its PUBLIC_URL), which the server writes into every page it
 * serves (`<meta name="hybridge-server">`). While pre-rendering there is no page: the mark is
 * returned, and the server replaces it in the pre-rendered HTML. Vite's dev server leaves the
 * mark in place: the page's own origin stands in.
 */
export function serverAddress(): string {
  if (typeof document === "undefined") return SERVER_ADDRESS_MARK;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SERVER_ADDRESS_META}"]`);
  const value = meta?.content;
  return value && value !== SERVER_ADDRESS_MARK ? value : window.location.origin;
}
