import {
  UPDATE_INSTALL_STATES,
  type UpdateEvent,
  type UpdateReportInput,
} from "@hybridge/shared/updates/schemas";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";

/** The column each event stamps (the first time only: a repeated report changes nothing). */
const STAMP: Record<UpdateEvent, string> = {
  downloaded: "downloaded_at",
  applied: "applied_at",
  ready: "ready_at",
  failed: "failed_at",
  "rolled-back": "rolled_back_at",
};

/** The states in order: a report never moves an install's state back. */
const ORDER = sql.raw(`array[${UPDATE_INSTALL_STATES.map((s) => `'${s}'`).join(", ")}]::text[]`);

/**
 * `POST /api/v1/updates/report` (decision 051): one statement upserting the (update, install)
 * row — the event's timestamp set once, the state the furthest so far, the last reason kept. An
 * update that is not the app key's records nothing (and answers like any other: 204).
 */
export async function reportUpdate(db: Db, input: UpdateReportInput): Promise<void> {
  const stamp = sql.raw(STAMP[input.event]);
  const reason = input.reason ?? null;
  await db.execute(sql`
    insert into update_installs (update_id, install_id, state, asked_at, ${stamp}, reason, updated_at)
    select u.id, ${input.installId}, ${input.event}, now(), now(), ${reason}, now()
      from updates u join projects p on p.id = u.project_id
      where u.id = ${input.updateId.toLowerCase()} and p.key_app = ${input.appKey}
    on conflict (update_id, install_id) do update set
      state = case
        when array_position(${ORDER}, excluded.state) > array_position(${ORDER}, update_installs.state)
        then excluded.state else update_installs.state end,
      ${stamp} = coalesce(update_installs.${stamp}, excluded.${stamp}),
      reason = coalesce(excluded.reason, update_installs.reason),
      updated_at = now()`);
}
