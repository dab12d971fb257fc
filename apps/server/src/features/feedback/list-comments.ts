import { type PageCursor, writePageCursor } from "@hybridge/shared/common/paging";
import { COMMENTS_PAGE_SIZE, type CommentsResponse } from "@hybridge/shared/feedback/schemas";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { comments, user } from "../../platform/db/schema";
import { microseconds } from "../../platform/db/time-text";
import { authorColumns, isAdminAuthor, toComment, type Viewer } from "./comment-view";

/** A comment's place in the list, as the cursor carries it: its timestamp to the microsecond. */
const cursorTimestamp = microseconds(sql`${comments.timestamp}`);

/**
 * One page of comments, newest first (ties broken by id), in one query (with each author's
 * verified flag, for the Admin badge); `canDelete` is computed for `viewer`. `cursor` (a page's `nextCursor`, checked by CommentsQuerySchema) starts the page
 * just after that comment, whether or not it still exists.
 */
export async function listComments(options: {
  db: Db;
  adminEmails: ReadonlySet<string>;
  viewer: Viewer;
  cursor?: PageCursor;
  limit?: number;
}): Promise<CommentsResponse> {
  const { db, adminEmails, viewer, cursor, limit = COMMENTS_PAGE_SIZE } = options;
  const rows = await db
    .select({ comment: comments, ...authorColumns, cursor: cursorTimestamp })
    .from(comments)
    .innerJoin(user, eq(user.id, comments.userId))
    .where(
      cursor
        ? sql`(${comments.timestamp}, ${comments.id}) < (${cursor.time}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(comments.timestamp), desc(comments.id))
    // One more than the page: whether an older page exists, without a second query.
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    comments: page.map((row) => toComment(row.comment, isAdminAuthor(adminEmails, row), viewer)),
    nextCursor:
      rows.length > limit && last
        ? writePageCursor({ time: last.cursor, id: last.comment.id })
        : null,
  };
}
