import {
  DATABASE_ID_LENGTH,
  DATABASE_KEY,
  PROJECT_ID_LENGTH,
} from "@hybridge/shared/projects/schemas";
import { hashSecret, randomAlphanumeric } from "../../platform/random";

/** A project id: 101 random characters (spec section 9). */
export const newProjectId = () => randomAlphanumeric(PROJECT_ID_LENGTH);

/** A database document id (spec: 33 random characters). It is no part of the key. */
export const newDatabaseId = () => randomAlphanumeric(DATABASE_ID_LENGTH);

export type DatabaseKey = { key: string; prefix: string; hash: string };

/**
 * A database key: `hb_test_` + 43 random letters and digits (≈ 256 bits), derived from nothing
 * stored. Only its hash (platform/database-key.ts, shared with the apps' endpoints) authorises;
 * `prefix` (the mark and 4 characters) is what the settings page shows of it.
 */
export function newDatabaseKey(): DatabaseKey {
  const key = `${DATABASE_KEY.mark}${randomAlphanumeric(DATABASE_KEY.randomLength)}`;
  const prefix = key.slice(0, DATABASE_KEY.mark.length + DATABASE_KEY.shownLength);
  return { key, prefix, hash: hashSecret(key) };
}
