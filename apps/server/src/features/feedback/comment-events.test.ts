import { type Comment, CommentEvents } from "@hybridge/shared/feedback/schemas";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  postJson,
  TEST_ORIGIN,
  type TestApp,
  uniqueEmail,
} from "../../../test/test-app";
import { comments } from "../../platform/db/schema";

let app: TestApp;
let base: string;
const adminEmail = uniqueEmail("admin");
beforeAll(async () => {
  app = await createTestApp({ env: { ADMIN_EMAILS: adminEmail } });
  base = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app?.cleanup();
});

type Event = { type: string; data: unknown };

/**
 * Reads the comments stream over a real HTTP connection until `count` events have arrived;
 * `whenReady` runs once the stream says it is subscribed.
 */
/**
 * The stream's first `count` events, acting once it is ready. `ignore` leaves out events the
 * stream may or may not carry: a change committed just before it opened whose notification is
 * still on its way is forwarded to it (the LISTEN is shared and already running).
 */
async function readEvents(
  count: number,
  whenReady: () => Promise<void>,
  ignore: (event: Event) => boolean = () => false,
): Promise<Event[]> {
  const response = await fetch(`${base}/api/feedback/comments/events`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: Event[] = [];
  let buffer = "";
  let acting: Promise<void> | undefined;
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      const event = type ? { type, data: JSON.parse(data ?? "null") } : null;
      if (event && !ignore(event)) {
        events.push(event);
        if (type === "ready") acting = whenReady();
      }
      end = buffer.indexOf("\n\n");
    }
  }
  await reader.cancel();
  await acting;
  return events;
}

describe("GET /api/feedback/comments/events", () => {
  it("streams comment-added and comment-deleted to a signed-out viewer", async () => {
    const author = await createTestUser(app);
    let added: Comment | undefined;
    const events = await readEvents(3, async () => {
      const res = await postJson(app, "/api/feedback/comments", { text: "Live!" }, author.cookie);
      added = res.json<Comment>();
      const del = await app.inject({
        method: "DELETE",
        url: `/api/feedback/comments/${added.id}`,
        headers: { origin: TEST_ORIGIN, cookie: author.cookie },
      });
      expect(del.statusCode).toBe(200);
    });
    expect(added).toBeDefined();
    const { canDelete: _mine, ...publicPart } = added as Comment;
    expect(events).toEqual([
      { type: "ready", data: null },
      { type: CommentEvents.added, data: publicPart },
      { type: CommentEvents.deleted, data: { id: publicPart.id } },
    ]);
    // What every viewer receives: no e-mail, no per-viewer rights.
    expect(JSON.stringify(events)).not.toContain(author.email);
    expect(events[1]?.data).not.toHaveProperty("canDelete");
  });

  it("marks an admin's comment, and sends nothing for a refused delete", async () => {
    const admin = await createTestAdmin(app, { email: adminEmail });
    const other = await createTestUser(app);
    const events = await readEvents(3, async () => {
      const res = await postJson(app, "/api/feedback/comments", { text: "Team" }, admin.cookie);
      const { id } = res.json<Comment>();
      const refused = await app.inject({
        method: "DELETE",
        url: `/api/feedback/comments/${id}`,
        headers: { origin: TEST_ORIGIN, cookie: other.cookie },
      });
      expect(refused.statusCode).toBe(403);
      // A marker after the refused delete: had it published, its event would come first.
      await postJson(app, "/api/feedback/comments", { text: "Marker" }, other.cookie);
    });
    expect(events.map((e) => e.type)).toEqual(["ready", CommentEvents.added, CommentEvents.added]);
    expect(events[1]?.data).toMatchObject({ text: "Team", isAdmin: true });
    expect(events[2]?.data).toMatchObject({ text: "Marker", isAdmin: false });
  });

  it("streams changes made outside the comment routes: an account's deletion and the database itself", async () => {
    const leaving = await createTestUser(app);
    const staying = await createTestUser(app);
    const res = await postJson(app, "/api/feedback/comments", { text: "Bye" }, leaving.cookie);
    const { id: leavingId } = res.json<Comment>();
    let directId = "";
    const events = await readEvents(
      3,
      async () => {
        // As another server process or an operator would: straight into the table.
        const [row] = await app.deps.db
          .insert(comments)
          .values({ text: "From psql", userId: staying.id, userEmail: staying.email })
          .returning();
        directId = row?.id ?? "";
        // The account goes, and its comments with it (ON DELETE CASCADE).
        const gone = await app.inject({
          method: "DELETE",
          url: "/api/account",
          headers: { origin: TEST_ORIGIN, cookie: leaving.cookie },
        });
        expect(gone.statusCode).toBe(200);
      },
      (event) =>
        event.type === CommentEvents.added &&
        (event.data as { id?: string } | null)?.id === leavingId,
    );
    expect(events).toEqual([
      { type: "ready", data: null },
      {
        type: CommentEvents.added,
        data: expect.objectContaining({ id: directId, text: "From psql" }),
      },
      { type: CommentEvents.deleted, data: { id: leavingId } },
    ]);
  });

  // Comments committed while the LISTEN was down reach no stream: the pages read the list anew.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "says ready again when its LISTEN was made again, so that open pages read the list anew",
    async () => {
      let dropped = false;
      const events = await readEvents(2, async () => {
        if (dropped) return;
        dropped = true;
        await app.deps.db.execute(sql`
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`);
      });
      expect(events.map((event) => event.type)).toEqual(["ready", "ready"]);
    },
  );
});
