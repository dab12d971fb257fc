// What the benchmarks measure against: a user signed up through the real API, with projects.
import { randomBytes } from "node:crypto";

/** A new user with `projects` projects, through the API at `base`: its cookie and project ids. */
export async function seedUser(base, { projects }) {
  const email = `bench-${randomBytes(4).toString("hex")}@example.test`;
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: "bench-password-123", name: "bench" }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("better-auth.session_token="))
    ?.split(";")[0];
  if (!cookie) throw new Error("sign-up set no session cookie");
  const projectIds = [];
  for (let i = 0; i < projects; i++) {
    const form = new FormData();
    const fields = {
      name: `Bench app ${i}`,
      keyApp: `bench${randomBytes(6).toString("hex")}`,
      description: "An app of the benchmark.",
      segment: "media",
      navBarType: "footer",
      color: "#0E904D",
      statusbar: "#FFFFFF",
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const created = await fetch(`${base}/api/projects`, {
      method: "POST",
      headers: { origin: base, cookie },
      body: form,
    });
    if (created.status !== 201) {
      throw new Error(`project creation failed: ${created.status} ${await created.text()}`);
    }
    projectIds.push((await created.json()).project.id);
  }
  return { cookie, projectIds };
}

/** The project's database key, shown once by its settings page (the first read reveals it). */
export async function revealDatabaseKey(base, cookie, projectId) {
  const settings = await (
    await fetch(`${base}/api/projects/${projectId}/settings`, { headers: { cookie } })
  ).json();
  return settings.settings.databaseKey;
}

/**
 * Declares an index on a collection as its owner does in the console (decision 041), and waits
 * until it is ready; answers how long that took.
 */
export async function declareIndex(base, cookie, projectId, collection, fields) {
  const started = performance.now();
  const url = `${base}/api/projects/${projectId}/data/collections/${collection}/indexes`;
  const headers = { cookie, origin: base, "content-type": "application/json" };
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify({ fields }) });
  if (response.status !== 202) {
    throw new Error(`declare an index: ${response.status} ${await response.text()}`);
  }
  const { id } = await response.json();
  for (;;) {
    const { indexes } = await (await fetch(url, { headers: { cookie } })).json();
    const index = indexes.find((one) => one.id === id);
    if (index?.status === "ready") break;
    if (index?.status !== "building") throw new Error(`the index: ${JSON.stringify(index)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return `built in ${Math.round(performance.now() - started)} ms`;
}
