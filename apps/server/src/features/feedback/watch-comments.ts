import { CommentEvents } from "@hybridge/shared/feedback/schemas";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Db } from "../../platform/db/client";
import { createListener } from "../../platform/db/listener";
import { comments, user } from "../../platform/db/schema";
import type { LiveHub } from "../../platform/live";
import { authorColumns, COMMENTS_CHANNEL, isAdminAuthor, toPublicComment } from "./comment-view";

/** The channel the comments table's trigger notifies: "insert:{id}" or "delete:{id}" (migration 0003). */
const COMMENT_CHANGES_CHANNEL = "comment_changes";

const CHANGE = /^(insert|delete):([0-9a-f-]{36})$/;

/**
 * Keeps open feedback pages up to date. A trigger on the comments table notifies every comment
 * added or removed — by our services, by an account's deletion (its comments go with it), by an
 * operator, from this process or another — on COMMENT_CHANGES_CHANNEL. While at least one page
 * streams, each notification is forwarded on the live hub's COMMENTS_CHANNEL, in the order the
 * changes committed: an added comment is read once (one query, shared by every viewer) and sent
 * as every viewer may see it; a removed one is sent as its id.
 */
export function createCommentsWatcher(options: {
  db: Db;
  listen: Database["listen"];
  live: LiveHub;
  adminEmails: ReadonlySet<string>;
  log: FastifyBaseLogger;
}) {
  const { db, listen, live, adminEmails, log } = options;
  let viewers = 0;
  // One change at a time, in order: an insert's read never overtakes the delete after it.
  let queue: Promise<void> = Promise.resolve();

  async function forward(op: string, id: string) {
    if (op === "delete") {
      live.publish(COMMENTS_CHANNEL, { type: CommentEvents.deleted, data: { id } });
      return;
    }
    const [row] = await db
      .select({ comment: comments, ...authorColumns })
      .from(comments)
      .innerJoin(user, eq(user.id, comments.userId))
      .where(eq(comments.id, id));
    // Gone already: its delete notification follows and says so.
    if (row) {
      live.publish(COMMENTS_CHANNEL, {
        type: CommentEvents.added,
        data: toPublicComment(row.comment, isAdminAuthor(adminEmails, row)),
      });
    }
  }

  function changed(payload: string) {
    if (viewers === 0) return;
    const match = CHANGE.exec(payload);
    if (!match) return;
    const [, op = "", id = ""] = match;
    queue = queue.then(() =>
      forward(op, id).catch((error) => {
        log.warn({ err: error, commentId: id }, "forwarding a comment change failed");
      }),
    );
  }

  const listener = createListener({
    listen,
    channel: COMMENT_CHANGES_CHANNEL,
    onNotify: changed,
    // Changes may have been missed: a `ready` makes every open page read the list again, as
    // after its own reconnection.
    onRelisten: () => {
      if (viewers > 0) live.publish(COMMENTS_CHANNEL, { type: "ready" });
    },
    log,
  });

  return {
    /**
     * Counts a viewer until the returned function is called. Resolves once notifications are
     * listened to, so that every change committed after it reaches the viewer's stream.
     */
    async watch(): Promise<() => void> {
      viewers += 1;
      let released = false;
      await listener.ready();
      return () => {
        if (released) return;
        released = true;
        viewers -= 1;
      };
    },
    /** How many streams are watching (for tests). */
    viewers: () => viewers,
    async close() {
      viewers = 0;
      await listener.close();
      await queue;
    },
  };
}
