import { authEndpoints } from "@/features/auth/api/endpoints";

/**
 * The top bar's links for the visitor's session. The pre-rendered bar holds "Sign In", kept
 * transparent for its first 1.5 s by a CSS animation, and the signed-in links in a `<template>`
 * (app/layouts/top-bar.tsx). /api/session answers with the user or null — without a session
 * cookie the server answers without touching the database — and then either "Sign In" shows at
 * once, or Feedback, Console and the account link take its place: a signed-in visitor whose
 * session answers within 1.5 s never sees "Sign In".
 */
export async function showSessionLinks(root: HTMLElement) {
  const signIn = root.querySelector<HTMLElement>("[data-session-signed-out]");
  const template = root.querySelector<HTMLTemplateElement>("template[data-session-signed-in]");
  if (!signIn || !template) return;
  const email = await sessionEmail();
  if (email === null) {
    // Signed out (or the session could not be read: Sign In is the way forward either way).
    for (const name of [...signIn.classList]) {
      if (name.startsWith("animate-")) signIn.classList.remove(name);
    }
    return;
  }
  const links = template.content.cloneNode(true) as DocumentFragment;
  const account = links.querySelector<HTMLElement>("[data-account]");
  if (account) account.title = email;
  const initial = links.querySelector("[data-account-initial]");
  if (initial) initial.textContent = email.charAt(0);
  signIn.replaceWith(links);
}

async function sessionEmail(): Promise<string | null> {
  try {
    const response = await fetch(authEndpoints.session, {
      headers: { accept: "application/json" },
      credentials: "same-origin",
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const user = (body as { user?: { email?: unknown } | null } | null)?.user;
    return typeof user?.email === "string" ? user.email : null;
  } catch {
    return null;
  }
}
