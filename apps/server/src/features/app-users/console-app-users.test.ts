import { APP_KEY_HEADER } from "@hybridge/shared/app-users/schemas";
import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestScene,
  latestMailTo,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "../../../test/test-app";
import { appUserSessions, appUsers } from "../../platform/db/schema";
import { createTestProject } from "../projects/test-support";
import { dummyPasswordHash } from "./passwords";

// The console's Users section (decision 043, addendum): the owner lists, searches, disables,
// enables and deletes a project's app users and mails one a reset; another user gets 404.

let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
let project: { id: string; keyApp: string; name: string };

beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene());
  project = await createTestProject(app, owner.cookie, { name: "Ana's Shop" });
}, 60_000);
afterAll(async () => {
  await app?.cleanup();
});

const as = (user: TestUser | null) => ({
  origin: TEST_ORIGIN,
  ...(user ? { cookie: user.cookie } : {}),
});
const users = (projectId = project.id) => `/api/projects/${projectId}/app-users`;

const list = (query = "", user: TestUser | null = owner, projectId = project.id) =>
  app.inject({ url: `${users(projectId)}${query}`, headers: as(user) });
const act = (
  method: "POST" | "DELETE",
  path: string,
  user: TestUser | null = owner,
  projectId = project.id,
) => app.inject({ method, url: `${users(projectId)}${path}`, headers: as(user) });

const appPost = (url: string, payload: Record<string, unknown>, key = project.keyApp) =>
  app.inject({
    method: "POST",
    url: `/api/v1/auth/${url}`,
    headers: { [APP_KEY_HEADER]: key },
    payload,
  });

async function signUp(email = uniqueEmail("app"), password = "first password") {
  const res = await appPost("sign-up", { email, password });
  expect(res.statusCode).toBe(201);
  const session = res.json() as { user: { id: string }; refreshToken: string };
  return { id: session.user.id, email, password, refreshToken: session.refreshToken };
}

/** App users inserted at once, one second apart (the newest last), for the list's pages. */
async function insertUsers(projectId: string, emails: string[]) {
  const passwordHash = await dummyPasswordHash();
  const start = Date.now() - emails.length * 1000;
  const rows = await app.deps.db
    .insert(appUsers)
    .values(
      emails.map((email, i) => ({
        projectId,
        email,
        passwordHash,
        createdAt: new Date(start + i * 1000),
      })),
    )
    .returning({ id: appUsers.id });
  return rows.map((row) => row.id);
}

describe("GET /api/projects/:id/app-users", () => {
  it("lists the project's users newest first, a page of 25 at a time, no page repeating", async () => {
    const other = await createTestProject(app, owner.cookie);
    const emails = Array.from({ length: 30 }, (_, i) => `pager-${i}@example.test`);
    await insertUsers(other.id, emails);
    const first = await list("", owner, other.id);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.users).toHaveLength(25);
    expect(page.users[0]).toEqual({
      id: expect.any(String),
      email: "pager-29@example.test",
      verified: false,
      disabled: false,
      createdAt: expect.any(String),
    });
    expect(page.nextCursor).toEqual(expect.any(String));
    const second = (
      await list(`?cursor=${encodeURIComponent(page.nextCursor)}`, owner, other.id)
    ).json();
    expect(second.nextCursor).toBeNull();
    const seen = [...page.users, ...second.users].map((user: { email: string }) => user.email);
    expect(seen).toEqual([...emails].reverse());
  });

  it("finds users whose e-mail contains the search, in any case, % and _ taken literally", async () => {
    const other = await createTestProject(app, owner.cookie);
    await insertUsers(other.id, [
      "ana@shop.test",
      "bob@shop.test",
      "anabel@mail.test",
      "a_b@x.test",
      "axb@x.test",
    ]);
    const emailsFor = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`, owner, other.id))
        .json()
        .users.map((user: { email: string }) => user.email);
    expect(await emailsFor("ANA")).toEqual(["anabel@mail.test", "ana@shop.test"]);
    expect(await emailsFor("shop")).toEqual(["bob@shop.test", "ana@shop.test"]);
    expect(await emailsFor("a_b")).toEqual(["a_b@x.test"]);
    expect(await emailsFor("%")).toEqual([]);
    expect(await emailsFor("nobody")).toEqual([]);
  });

  it("refuses a cursor it did not give and a parameter it does not take", async () => {
    const bad = await list("?cursor=yesterday");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(AppUsersTexts.invalidCursor);
    expect((await list("?order=asc")).statusCode).toBe(400);
  });

  it("shows only this project's users", async () => {
    const mine = await signUp();
    const other = await createTestProject(app, owner.cookie);
    const elsewhere = await insertUsers(other.id, [uniqueEmail("elsewhere")]);
    const ids = (await list()).json().users.map((user: { id: string }) => user.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(elsewhere[0]);
  });
});

describe("disabling and enabling", () => {
  it("refuses the user's sign-in and refresh until enabled again", async () => {
    const user = await signUp();
    const disabled = await act("POST", `/${user.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().user).toMatchObject({ id: user.id, disabled: true });
    const signIn = await appPost("sign-in", { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(AppUsersTexts.disabled);
    expect((await appPost("refresh", { refreshToken: user.refreshToken })).statusCode).toBe(401);
    const sessions = await app.deps.db
      .select()
      .from(appUserSessions)
      .where(eq(appUserSessions.userId, user.id));
    expect(sessions.every((session) => session.revokedAt !== null)).toBe(true);
    // Disabling twice keeps the first moment.
    const [before] = await app.deps.db.select().from(appUsers).where(eq(appUsers.id, user.id));
    await act("POST", `/${user.id}/disable`);
    const [after] = await app.deps.db.select().from(appUsers).where(eq(appUsers.id, user.id));
    expect(after?.disabledAt).toEqual(before?.disabledAt);

    const enabled = await act("POST", `/${user.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().user.disabled).toBe(false);
    const again = await appPost("sign-in", { email: user.email, password: user.password });
    expect(again.statusCode).toBe(200);
  });
});

describe("DELETE /api/projects/:id/app-users/:userId", () => {
  it("deletes the user and their sessions; the e-mail can sign up again", async () => {
    const user = await signUp();
    const res = await act("DELETE", `/${user.id}`);
    expect(res.statusCode).toBe(204);
    expect(await app.deps.db.select().from(appUsers).where(eq(appUsers.id, user.id))).toEqual([]);
    const sessions = await app.deps.db
      .select()
      .from(appUserSessions)
      .where(eq(appUserSessions.userId, user.id));
    expect(sessions).toEqual([]);
    expect(
      (await appPost("sign-in", { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
    expect((await act("DELETE", `/${user.id}`)).statusCode).toBe(404);
    await signUp(user.email);
  });
});

describe("POST /api/projects/:id/app-users/:userId/password-reset", () => {
  it("mails the user a reset link in the app's name", async () => {
    const user = await signUp();
    const res = await act("POST", `/${user.id}/password-reset`);
    expect(res.statusCode).toBe(202);
    const mail = latestMailTo(app, user.email);
    expect(mail).toContain("Subject: Reset your Ana's Shop password");
    const token = mail.match(/\/app-auth\/reset\?token=([\w-]+)/)?.[1] ?? "";
    const confirm = await app.inject({
      method: "POST",
      url: "/api/v1/auth/password-reset/confirm",
      payload: { token, password: "set by the link" },
    });
    expect(confirm.statusCode).toBe(204);
    const signIn = await appPost("sign-in", { email: user.email, password: "set by the link" });
    expect(signIn.statusCode).toBe(200);
  });

  it("mails one user 5 times an hour at most", async () => {
    const user = await signUp();
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await act("POST", `/${user.id}/password-reset`)).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe("the verification setting", () => {
  const settings = (method: "GET" | "PATCH", payload?: unknown, user: TestUser | null = owner) =>
    app.inject({
      method,
      url: `${users()}/settings`,
      headers: as(user),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it("is off by default, and the owner switches it", async () => {
    expect((await settings("GET")).json()).toEqual({ verifyEmail: false });
    const on = await settings("PATCH", { verifyEmail: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ verifyEmail: true });
    expect((await settings("GET")).json()).toEqual({ verifyEmail: true });
    expect((await settings("PATCH", { verifyEmail: false })).json()).toEqual({
      verifyEmail: false,
    });
    const bad = await settings("PATCH", { verifyEmail: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(AppUsersTexts.verifyEmailInvalid);
  });
});

describe("another user, or no one signed in", () => {
  it("gets 404 for every route of the owner's project (401 signed out), and changes nothing", async () => {
    const user = await signUp();
    const requests = [
      () => list("", stranger),
      () => app.inject({ url: `${users()}/settings`, headers: as(stranger) }),
      () =>
        app.inject({
          method: "PATCH",
          url: `${users()}/settings`,
          headers: as(stranger),
          payload: { verifyEmail: true },
        }),
      () => act("POST", `/${user.id}/disable`, stranger),
      () => act("POST", `/${user.id}/enable`, stranger),
      () => act("POST", `/${user.id}/password-reset`, stranger),
      () => act("DELETE", `/${user.id}`, stranger),
    ];
    for (const send of requests) {
      const res = await send();
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: "NOT_FOUND", message: AppUsersTexts.projectNotFound });
    }
    expect((await list("", null)).statusCode).toBe(401);
    expect((await act("DELETE", `/${user.id}`, null)).statusCode).toBe(401);
    const [row] = await app.deps.db.select().from(appUsers).where(eq(appUsers.id, user.id));
    expect(row?.disabledAt).toBeNull();
    expect(() => latestMailTo(app, user.email)).toThrow();
  });

  it("gets 404 for a user of another project of the owner, or an id that is no user", async () => {
    const other = await createTestProject(app, owner.cookie);
    const [theirs] = await insertUsers(other.id, [uniqueEmail("theirs")]);
    for (const id of [theirs, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await act("POST", `/${id}/disable`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(AppUsersTexts.userNotFound);
      expect((await act("DELETE", `/${id}`)).statusCode).toBe(404);
    }
    const rows = await app.deps.db
      .select()
      .from(appUsers)
      .where(inArray(appUsers.id, [theirs as string]));
    expect(rows[0]?.disabledAt).toBeNull();
  });
});
