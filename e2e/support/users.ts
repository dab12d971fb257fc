import { randomBytes } from "node:crypto";
import type { BrowserContext } from "playwright-core";
import { baseUrl } from "./env";
import { readLatestMail } from "./mail";

const random = () => randomBytes(6).toString("hex");

/** A fresh address per call, so that each test has its own user. */
export const uniqueEmail = (): string => `user-${random()}@example.test`;

/** Long enough for the password policy (8+), different for every user. */
export const uniquePassword = (): string => `Pw-${random()}-${random()}`;

export type TestUser = { email: string; password: string };

/** better-auth rejects POSTs without a trusted Origin. */
const jsonHeaders = (origin: string) => ({ "content-type": "application/json", origin });

/** Creates an account through the API (no browser involved); the session it opens is dropped. */
export async function signUpViaApi(
  base: string,
  email: string,
  password: string,
): Promise<TestUser> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: jsonHeaders(base),
    body: JSON.stringify({ email, password, name: email.split("@")[0] }),
  });
  if (!response.ok) {
    throw new Error(`sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  }
  return { email, password };
}

/** Signs the browser context in through the API: its pages then share the session cookie. */
export async function signInContext(
  context: BrowserContext,
  base: string,
  email: string,
  password: string,
) {
  const response = await context.request.post(`${base}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { origin: base },
  });
  if (!response.ok()) {
    throw new Error(`sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
  }
}

/** A new account, created through the API. */
export function createUser(): Promise<TestUser> {
  return signUpViaApi(baseUrl(), uniqueEmail(), uniquePassword());
}

/** A new account whose session the given browser context already holds. */
export async function createSignedInUser(context: BrowserContext): Promise<TestUser> {
  const user = await createUser();
  await signInContext(context, baseUrl(), user.email, user.password);
  return user;
}

/**
 * Proves an admin address the way its owner does (docs/decisions/032-admin-by-proof.md): opens
 * the newest verification mail's link, read from the server's outbox, signed in to the account.
 * Until then an address of ADMIN_EMAILS has no admin rights.
 */
export async function verifyAdminViaApi(
  server: { baseUrl: string; dataDir: string },
  user: { email: string; cookie: string },
) {
  const mail = await readLatestMail(server.dataDir, user.email);
  const link = mail.links.find((url) => url.includes("/api/auth/verify-email?"));
  if (!link) throw new Error(`no verification link in the mail to ${user.email}:\n${mail.text}`);
  const response = await fetch(link, { headers: { cookie: user.cookie }, redirect: "manual" });
  const location = response.headers.get("location") ?? "";
  if (response.status !== 302 || !location.endsWith("?result=verified")) {
    throw new Error(`verifying ${user.email} failed: ${response.status} ${location}`);
  }
}

/** A new admin account, verified: `email` must be in the server's ADMIN_EMAILS. */
export async function signUpAdminViaApi(
  server: { baseUrl: string; dataDir: string },
  email: string,
  password: string = uniquePassword(),
): Promise<TestUser & { cookie: string }> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: jsonHeaders(server.baseUrl),
    body: JSON.stringify({ email, password, name: email.split("@")[0] }),
  });
  if (!response.ok) {
    throw new Error(`sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("better-auth.session_token="))
    ?.split(";")[0];
  if (!cookie) throw new Error("sign-up set no session cookie");
  await verifyAdminViaApi(server, { email, cookie });
  return { email, password, cookie };
}
