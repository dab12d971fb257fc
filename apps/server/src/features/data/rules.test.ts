import { APP_KEY_HEADER } from "@hybridge/shared/app-users/schemas";
import { RULE_TEMPLATES } from "@hybridge/shared/rules/schemas";
import { RulesTexts } from "@hybridge/shared/rules/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "../../../test/test-app";
import { documents } from "../../platform/db/schema";
import { authed, createTestProject } from "../projects/test-support";

// The access rules (decision 044), as a live app meets them: users A and B and nobody try every
// action on collections under each kind of rule; every refusal is asserted. Runs on PGlite, and
// on PostgreSQL with TEST_DATABASE_URL.

let app: TestApp;
let owner: TestUser;
let appKey: string;
let projectId: string;
let testKey: string;
type Person = { id: string; token: string; email: string } | null;
let ana: Person;
let ben: Person;
const nobody: Person = null;

beforeAll(async () => {
  app = await createTestApp({
    env: { DATA_RATE_LIMIT_PER_MINUTE: "10000", AUTH_RATE_LIMIT_MAX: "1000" },
  });
  owner = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie);
  appKey = project.keyApp;
  projectId = project.id;
  const settings = await app.inject({
    url: `/api/projects/${projectId}/settings`,
    headers: authed(owner.cookie),
  });
  testKey = settings.json().settings.databaseKey;
  ana = await signUp();
  ben = await signUp();
  await setRules("notes", RULE_TEMPLATES.privatePerUser);
  await setRules("posts", RULE_TEMPLATES.publicReadOwnerWrite);
  await setRules("signed", {
    list: "auth != null",
    get: "auth != null",
    create: "auth != null",
    update: "auth != null",
    delete: "false",
  });
}, 60_000);
afterAll(async () => {
  await app?.cleanup();
});

async function signUp(): Promise<Person> {
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/auth/sign-up",
    headers: { [APP_KEY_HEADER]: appKey },
    payload: { email: uniqueEmail("rules"), password: "a long password" },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().user.id, token: res.json().accessToken, email: res.json().user.email };
}

async function setRules(collection: string, rules: Record<string, string>) {
  const res = await app.inject({
    method: "PUT",
    url: `/api/projects/${projectId}/rules/${collection}`,
    headers: authed(owner.cookie),
    payload: rules,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const headers = (who: Person) => ({
  [APP_KEY_HEADER]: appKey,
  ...(who ? { authorization: `Bearer ${who.token}` } : {}),
});
const docs = (collection: string, rest = "") =>
  `/api/v1/db/collections/${collection}/documents${rest}`;
const as = (who: Person) => ({
  add: (collection: string, payload: object) =>
    app.inject({ method: "POST", url: docs(collection), headers: headers(who), payload }),
  list: (collection: string) => app.inject({ url: docs(collection), headers: headers(who) }),
  query: (collection: string, where: unknown[] = []) =>
    app.inject({
      method: "POST",
      url: `/api/v1/db/collections/${collection}/query`,
      headers: headers(who),
      payload: { where },
    }),
  count: (collection: string) =>
    app.inject({
      method: "POST",
      url: `/api/v1/db/collections/${collection}/count`,
      headers: headers(who),
      payload: {},
    }),
  get: (collection: string, id: string) =>
    app.inject({ url: docs(collection, `/${id}`), headers: headers(who) }),
  update: (collection: string, id: string, payload: object) =>
    app.inject({
      method: "PATCH",
      url: docs(collection, `/${id}`),
      headers: headers(who),
      payload,
    }),
  set: (collection: string, id: string, payload: object) =>
    app.inject({ method: "PUT", url: docs(collection, `/${id}`), headers: headers(who), payload }),
  delete: (collection: string, id: string) =>
    app.inject({ method: "DELETE", url: docs(collection, `/${id}`), headers: headers(who) }),
});
const ids = (res: { json: () => { documents: Array<{ id: string }> } }) =>
  res
    .json()
    .documents.map((one) => one.id)
    .sort();

describe("private per user", () => {
  it("lets each user reach their own notes only, and nobody nothing", async () => {
    // A collection of its own: other tests add notes of the same users, in a random order.
    await setRules("private", RULE_TEMPLATES.privatePerUser);
    const a = ana as { id: string };
    const b = ben as { id: string };
    const anaNote = await as(ana).add("private", { owner: a.id, text: "ana's" });
    expect(anaNote.statusCode).toBe(201);
    const benNote = await as(ben).add("private", { owner: b.id, text: "ben's" });
    expect(benNote.statusCode).toBe(201);
    const anaId = anaNote.json().id;
    const benId = benNote.json().id;

    // create: one's own only, never anonymous.
    const forged = await as(ana).add("private", { owner: b.id, text: "forged" });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(RulesTexts.createRefused);
    expect((await as(nobody).add("private", { owner: null })).statusCode).toBe(403);

    // list, query, count: filtered.
    expect(ids(await as(ana).list("private"))).toEqual([anaId]);
    expect(ids(await as(ben).list("private"))).toEqual([benId]);
    expect(ids(await as(nobody).list("private"))).toEqual([]);
    expect(
      ids(await as(ana).query("private", [{ field: "text", op: "==", value: "ben's" }])),
    ).toEqual([]);
    expect((await as(ben).count("private")).json()).toEqual({ count: 1 });
    // Counts are remembered per caller's condition (decision 064): each user's own, asked in turn.
    expect((await as(ana).count("private")).json()).toEqual({ count: 1 });
    expect((await as(nobody).count("private")).json()).toEqual({ count: 0 });
    expect((await as(ben).count("private")).json()).toEqual({ count: 1 });

    // get: another's is not found.
    expect((await as(ana).get("private", anaId)).statusCode).toBe(200);
    expect((await as(ana).get("private", benId)).statusCode).toBe(404);
    expect((await as(nobody).get("private", anaId)).statusCode).toBe(404);

    // update and set: another's is not found; one's own cannot be given away.
    expect((await as(ana).update("private", benId, { text: "mine now" })).statusCode).toBe(404);
    expect((await as(nobody).update("private", anaId, { text: "x" })).statusCode).toBe(404);
    const given = await as(ana).update("private", anaId, { owner: b.id });
    expect(given.statusCode).toBe(403);
    expect(given.json().message).toBe(RulesTexts.updateRefused);
    expect((await as(ana).set("private", anaId, { text: "no owner" })).statusCode).toBe(403);
    const edited = await as(ana).update("private", anaId, {
      text: "edited",
      n: { $op: "increment", by: 2 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ owner: a.id, text: "edited", n: 2, version: 2 });
    const pruned = await as(ana).update("private", anaId, {
      text: { $op: "delete" },
      'tag "é"': { $op: "arrayUnion", values: [1e21, "x"] },
    });
    expect(pruned.statusCode, pruned.body).toBe(200);
    // Its size, counted from the stored one and the change (decision 037), is JSON.stringify's.
    const [stored] = await app.deps.db
      .select({ data: documents.data, size: documents.size })
      .from(documents)
      .where(eq(documents.id, anaId));
    expect(stored?.size).toBe(Buffer.byteLength(JSON.stringify(stored?.data)));
    expect((await as(ana).get("private", anaId)).json().owner).toBe(a.id);

    // delete: another's is not found.
    expect((await as(ben).delete("private", anaId)).statusCode).toBe(404);
    expect((await as(nobody).delete("private", anaId)).statusCode).toBe(404);
    expect((await as(ana).delete("private", anaId)).statusCode).toBe(200);
    expect((await as(ana).get("private", anaId)).statusCode).toBe(404);
  });
});

describe("public read, owner write", () => {
  it("shows everyone every post, and lets only its owner change it", async () => {
    const a = ana as { id: string };
    const post = (await as(ana).add("posts", { owner: a.id, title: "Hello" })).json();
    expect(ids(await as(nobody).list("posts"))).toContain(post.id);
    expect((await as(ben).get("posts", post.id)).statusCode).toBe(200);
    // Ben sees it, so his refused write says why (403), not that it is missing.
    const refused = await as(ben).update("posts", post.id, { title: "Hijacked" });
    expect(refused.statusCode).toBe(403);
    const deleted = await as(ben).delete("posts", post.id);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().message).toBe(RulesTexts.deleteRefused);
    expect((await as(nobody).update("posts", post.id, { title: "x" })).statusCode).toBe(403);
    expect((await as(ana).get("posts", post.id)).json().title).toBe("Hello");
  });
});

describe("signed-in users, and collections without rules", () => {
  it("lets any signed-in user in and nobody out; a collection without rules refuses all", async () => {
    expect((await as(nobody).add("signed", { a: 1 })).statusCode).toBe(403);
    const doc = (await as(ben).add("signed", { a: 1 })).json();
    expect((await as(ana).get("signed", doc.id)).statusCode).toBe(200);
    expect((await as(ana).update("signed", doc.id, { a: 2 })).statusCode).toBe(200);
    expect((await as(ana).delete("signed", doc.id)).statusCode).toBe(403);
    expect(ids(await as(nobody).list("signed"))).toEqual([]);

    const loose = await app.inject({
      method: "POST",
      url: docs("loose"),
      headers: { authorization: `Bearer ${testKey}` },
      payload: { a: 1 },
    });
    expect(loose.statusCode).toBe(201);
    expect((await as(ana).add("loose", { a: 1 })).statusCode).toBe(403);
    expect(ids(await as(ana).list("loose"))).toEqual([]);
    expect((await as(ana).get("loose", loose.json().id)).statusCode).toBe(404);
    // The Test Mode key bypasses rules.
    const all = await app.inject({
      url: docs("loose"),
      headers: { authorization: `Bearer ${testKey}` },
    });
    expect(all.json().documents.length).toBeGreaterThanOrEqual(1);
  });

  it("refuses a token of another project, a forged token and an unknown app key", async () => {
    const other = await createTestProject(app, owner.cookie);
    const res = await app.inject({
      url: docs("notes"),
      headers: {
        [APP_KEY_HEADER]: other.keyApp,
        authorization: `Bearer ${(ana as { token: string }).token}`,
      },
    });
    expect(res.statusCode).toBe(401);
    const forged = await app.inject({
      url: docs("notes"),
      headers: { [APP_KEY_HEADER]: appKey, authorization: "Bearer a.b.c" },
    });
    expect(forged.statusCode).toBe(401);
    const unknown = await app.inject({ url: docs("notes"), headers: { [APP_KEY_HEADER]: "nope" } });
    expect(unknown.statusCode).toBe(401);
  });
});

describe("the rules' routes", () => {
  it("refuses invalid rules with each error placed, and another owner's project", async () => {
    const res = await app.inject({
      method: "PUT",
      url: `/api/projects/${projectId}/rules/bad`,
      headers: authed(owner.cookie),
      payload: { ...RULE_TEMPLATES.privatePerUser, update: "doc.owner == auht.id" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/line 1, position 14: Unknown name "auht"/);
    const stranger = await createTestUser(app);
    const theirs = await app.inject({
      url: `/api/projects/${projectId}/rules`,
      headers: authed(stranger.cookie),
    });
    expect(theirs.statusCode).toBe(404);
    const listed = await app.inject({
      url: `/api/projects/${projectId}/rules`,
      headers: authed(owner.cookie),
    });
    // Tests run in a random order (vitest.config.ts): others may have set rules on more.
    const named = listed.json().collections.map((one: { collection: string }) => one.collection);
    expect(named.filter((name: string) => ["notes", "posts", "signed"].includes(name))).toEqual([
      "notes",
      "posts",
      "signed",
    ]);
  });

  it("tests a rule as a user: a list filtered, a document allowed or refused", async () => {
    const a = ana as { id: string };
    // A collection of its own: the others' notes lists stay as their tests expect, whatever the
    // order the tests run in.
    await setRules("tested", RULE_TEMPLATES.privatePerUser);
    const note = (await as(ana).add("tested", { owner: a.id, status: "open" })).json();
    const test = (payload: object) =>
      app.inject({
        method: "POST",
        url: `/api/projects/${projectId}/rules/test`,
        headers: authed(owner.cookie),
        payload,
      });
    const listed = await test({
      collection: "tested",
      action: "list",
      email: (ana as { email: string }).email.toUpperCase(),
      where: [{ field: "status", op: "==", value: "open" }],
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ allowed: true, matching: 1, visible: 1 });
    expect(listed.json().reason).toMatch(/doc\.owner == "/);
    const asBen = await test({
      collection: "tested",
      action: "get",
      email: (ben as { email: string }).email,
      documentId: note.id,
    });
    expect(asBen.json()).toMatchObject({ allowed: false });
    const anonymous = await test({ collection: "tested", action: "list" });
    expect(anonymous.json()).toMatchObject({ allowed: false });
    expect(anonymous.json().reason).toMatch(/always false/);
  });
});

/** A live stream of a collection as a live app opens it: its events, as they come. */
async function openStream(base: string, who: Person, collection: string) {
  const controller = new AbortController();
  const params = new URLSearchParams({ app: appKey, ...(who ? { token: who.token } : {}) });
  const res = await fetch(`${base}/api/v1/db/collections/${collection}/events?${params}`, {
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const events: Array<{ event: string; data: Record<string, unknown> }> = [];
  let buffer = "";
  let ready = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === "ready") ready = true;
        else if (event && data) events.push({ event, data: JSON.parse(data) });
        end = buffer.indexOf("\n\n");
      }
    }
  })().catch(() => {});
  const until = async (test: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`stream: ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await until(() => ready);
  return {
    events,
    until,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

describe("live streams under rules", () => {
  it("send each subscriber only what its list rule shows, and a departure only to whom saw it", async () => {
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    await setRules("shared", {
      list: "doc.shared == true || doc.owner == auth.id",
      get: "doc.shared == true || doc.owner == auth.id",
      create: "data.owner == auth.id",
      update: "doc.owner == auth.id && data.owner == auth.id",
      delete: "doc.owner == auth.id",
    });
    const a = ana as { id: string };
    const anaStream = await openStream(base, ana, "shared");
    const benStream = await openStream(base, ben, "shared");
    const nobodyStream = await openStream(base, nobody, "shared");
    try {
      const secret = (
        await as(ana).add("shared", { owner: a.id, shared: false, text: "secret" })
      ).json();
      await anaStream.until(() => anaStream.events.length >= 1);
      await as(ana).update("shared", secret.id, { shared: true, text: "now public" });
      await benStream.until(() => benStream.events.length >= 1);
      await as(ana).update("shared", secret.id, { shared: false, text: "secret again" });
      await benStream.until(() => benStream.events.length >= 2);
      await nobodyStream.until(() => nobodyStream.events.length >= 2);
      // A private note written (by Ana, then by the Test Mode key) and deleted: hidden before
      // and after, so nobody else hears even its id.
      const hidden = (
        await as(ana).add("shared", { owner: a.id, shared: false, text: "hidden" })
      ).json();
      await as(ana).update("shared", hidden.id, { text: "hidden, edited" });
      await app.inject({
        method: "PATCH",
        url: docs("shared", `/${hidden.id}`),
        headers: { authorization: `Bearer ${testKey}` },
        payload: { text: "hidden, by the key" },
      });
      await as(ana).delete("shared", hidden.id);
      // A marker after everything: once it is heard, nothing else is on its way; then its
      // deletion, which those who saw it hear.
      const marker = (
        await as(ana).add("shared", { owner: a.id, shared: true, text: "marker" })
      ).json();
      await benStream.until(() => benStream.events.some((one) => one.data.text === "marker"));
      await as(ana).delete("shared", marker.id);
      await benStream.until(() => benStream.events.some((one) => one.event === "document-deleted"));

      await anaStream.until(() => anaStream.events.length >= 9);
      expect(anaStream.events.map((one) => one.event)).toEqual([
        "document-added",
        "document-modified",
        "document-modified",
        "document-added",
        "document-modified",
        "document-modified",
        "document-deleted",
        "document-added",
        "document-deleted",
      ]);
      for (const stream of [benStream, nobodyStream]) {
        await stream.until(() => stream.events.some((one) => one.event === "document-deleted"));
        const seen = stream.events.map((one) => [one.event, one.data.text ?? one.data.id]);
        // A change is sent with its document as it is when the feed reads it (decision 042):
        // the add of "secret", read after the update that shared it, arrives as that shared
        // document, which the rule shows — first an add, then the update, of the same state.
        const [first] = seen;
        const sharedEarly = first?.[0] === "document-added" && first[1] === "now public";
        expect(sharedEarly ? seen.slice(1) : seen, JSON.stringify(stream.events)).toEqual([
          ["document-modified", "now public"],
          ["document-left", secret.id],
          ["document-added", "marker"],
          ["document-deleted", marker.id],
        ]);
        expect(JSON.stringify(stream.events)).not.toMatch(/secret|hidden/);
        expect(JSON.stringify(stream.events)).not.toContain(hidden.id);
      }
    } finally {
      await Promise.all([anaStream.close(), benStream.close(), nobodyStream.close()]);
    }
  });
});

describe("an app user's deletion of their account", () => {
  it("takes the documents the delete rules say are theirs, and nobody else's", async () => {
    const gone = (await signUp()) as { id: string; token: string; email: string };
    const b = ben as { id: string };
    const mine = (await as(gone).add("notes", { owner: gone.id, text: "mine" })).json();
    const post = (await as(gone).add("posts", { owner: gone.id, title: "mine" })).json();
    const signed = (await as(gone).add("signed", { owner: gone.id })).json();
    const bens = (await as(ben).add("notes", { owner: b.id, text: "ben's" })).json();
    const res = await app.inject({
      method: "DELETE",
      url: "/api/v1/auth/user",
      headers: headers(gone),
      payload: { password: "a long password" },
    });
    expect(res.statusCode, res.body).toBe(204);
    const stored = async (collection: string, id: string) =>
      (
        await app.inject({
          url: docs(collection, `/${id}`),
          headers: { authorization: `Bearer ${testKey}` },
        })
      ).statusCode;
    expect(await stored("notes", mine.id)).toBe(404);
    expect(await stored("posts", post.id)).toBe(404);
    // "signed"'s delete rule (false) names no owner: nothing there is theirs.
    expect(await stored("signed", signed.id)).toBe(200);
    expect(await stored("notes", bens.id)).toBe(200);
  });
});
