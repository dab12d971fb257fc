import { randomBytes } from "node:crypto";
import type { BrowserContext } from "playwright-core";
import { baseUrl } from "./env";

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
