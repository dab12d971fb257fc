import type { Comment } from "@hybridge/shared/feedback/schemas";
import type { BrowserContext } from "playwright-core";
import { COOKIE_CONSENT_KEY } from "./browser";
import { uniqueEmail, uniquePassword } from "./users";

/**
 * Pages of a context opened by `useBrowser()` may visit another server by absolute URL; the
 * cookie consent is stored for every origin so that the banner stays away there too.
 */
export async function acceptCookiesEverywhere(context: BrowserContext) {
  await context.addInitScript(
    (key) => window.localStorage.setItem(key, "accepted"),
    COOKIE_CONSENT_KEY,
  );
}

export type ApiUser = { email: string; password: string; cookie: string };

/** A new account on `base` and its session cookie, for setting up data without a browser. */
export async function createApiUser(base: string, email = uniqueEmail()): Promise<ApiUser> {
  const password = uniquePassword();
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password, name: email.split("@")[0] }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("better-auth.session_token="))
    ?.split(";")[0];
  if (!cookie) throw new Error("sign-up set no session cookie");
  return { email, password, cookie };
}

export async function postCommentViaApi(base: string, user: ApiUser, text: string) {
  const response = await fetch(`${base}/api/feedback/comments`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: user.cookie },
    body: JSON.stringify({ text }),
  });
  if (response.status !== 201) {
    throw new Error(`posting a comment failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as Comment;
}
