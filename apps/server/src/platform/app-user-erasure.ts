import type { Db } from "./db/client";

// What an app user's own deletion of their account erases besides the account (decision 044):
// the features that keep data of app users register an eraser here (the data feature: the
// documents the rules say are theirs), and the app users' feature runs them all before it
// deletes the account. So neither feature imports the other.

export type AppUserEraser = (user: { projectId: string; userId: string }) => Promise<unknown>;

const erasers = new WeakMap<Db, AppUserEraser[]>();

/** Registers what to erase of a deleted app user on this database; returns its removal. */
export function onAppUserErased(db: Db, eraser: AppUserEraser): () => void {
  const list = erasers.get(db) ?? [];
  list.push(eraser);
  erasers.set(db, list);
  return () => {
    const index = list.indexOf(eraser);
    if (index >= 0) list.splice(index, 1);
  };
}

/** Erases, in every feature that registered, what belongs to the app user. */
export async function eraseAppUserData(db: Db, user: { projectId: string; userId: string }) {
  for (const eraser of erasers.get(db) ?? []) await eraser(user);
}
