import type { ContactRequest, JoinInput } from "@hybridge/shared/community/schemas";
import type { Db } from "../../platform/db/client";
import { contacts } from "../../platform/db/schema";

/** Stores a join (new app) request; it starts unprocessed (status false). */
export async function joinCommunity(options: {
  db: Db;
  input: JoinInput;
}): Promise<ContactRequest> {
  const { db, input } = options;
  const [row] = await db
    .insert(contacts)
    .values({
      name: input.name,
      description: input.description,
      segment: input.segment,
      email: input.email,
      country: input.country,
      status: false,
    })
    .returning();
  if (!row) throw new Error("insert into contacts returned no row");
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    segment: input.segment,
    email: row.email,
    country: input.country,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
