import type { BrowserContext } from "playwright-core";
import { COOKIE_CONSENT_KEY } from "./browser";

/**
 * The shared browser helper accepts the cookie banner for the shared server's origin only; do
 * the same for another origin, so that the banner never covers the page.
 */
export async function acceptCookiesFor(context: BrowserContext, origin: string) {
  await context.addInitScript(
    ({ origin, key }) => {
      if (window.location.origin === origin) window.localStorage.setItem(key, "accepted");
    },
    { origin, key: COOKIE_CONSENT_KEY },
  );
}

/** Adds an e-mail to the beta list through the API, as a visitor would. */
export async function signUpBetaViaApi(base: string, email: string): Promise<Response> {
  return fetch(`${base}/api/community/beta`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email }),
  });
}
