import { ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Database, Db } from "./db/client";
import { createListener } from "./db/listener";
import { projectSettings, projects } from "./db/schema";
import { AppError } from "./errors";
import { hashSecret } from "./random";

// A project's database key is kept only as its hashSecret (SHA-256, hex): the projects feature
// stores it, the apps' endpoints check a presented key against it. The key is 256 random bits
// (decision 013), so a plain hash is enough: there is nothing to guess from it, nor from the
// time a lookup by it takes.
//
// The one check of an app's caller is checkDatabaseKey: the key's hash names the project
// (unique), and the project's owner may have switched its Test Mode key off
// (project_settings.test_key_enabled). requireProjectKey and requireDatabaseKey (which also
// wants the app code the request names) answer 401 on its refusal; an open stream keeps the hash
// it was checked with, and replacedKeys tells when that hash no longer opens its project.

/** The key of `Authorization: Bearer <key>`, or null. */
export function bearerKey(request: FastifyRequest): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? "");
  return match?.[1] ?? null;
}

/**
 * The channel migration 0009's triggers (and 0019's, for the Test Mode switch) notify, with the
 * project id, when a key changes.
 */
const DATABASE_KEYS_CHANNEL = "database_keys";
/**
 * How long a key read from the database is trusted without asking it again. A change is known
 * at once (forgetDatabaseKey here, the database_keys notification everywhere); this only bounds
 * what a notification lost while the listening connection is re-established could leave.
 */
const KEY_TRUST_MS = 30_000;
/** At most this many keys are remembered (the oldest is forgotten first). */
const KEYS_REMEMBERED = 10_000;

/** The project a key opens: its id, its owner and its app code (which never changes). */
type KeyOwner = { projectId: string; adminId: string; keyApp: string };
/**
 * The caller an app's database key proves: the key's project, and the key's hash, which a
 * stream opened with it keeps (the key is replaced when the project's hash changes).
 */
export type AppCaller = KeyOwner & { keyHash: string };
type RememberedKey = KeyOwner & { hash: string; until: number; enabled: boolean };

/**
 * What a presented key is: its project's open key, its project's key switched off by the owner
 * (the Test Mode switch), or nothing known.
 */
export type KeyCheck =
  | { state: "open"; caller: AppCaller }
  | { state: "switched-off"; projectId: string }
  | { state: "unknown" };

/**
 * The keys this process has checked against one database, by hash. `generation` changes with
 * every key forgotten: a lookup remembers its answer only when no key was forgotten while it
 * read (a key replaced during the read must not come back). Keys are remembered only while the
 * database_keys notifications are heard (`heard`), so that another server's change reaches us.
 */
type KeyMemory = {
  byHash: Map<string, RememberedKey>;
  hashOfProject: Map<string, string>;
  generation: number;
  heard: () => Promise<boolean>;
};

const memories = new WeakMap<Db, KeyMemory>();

function memoryOf(db: Db): KeyMemory {
  let memory = memories.get(db);
  if (!memory) {
    memory = {
      byHash: new Map(),
      hashOfProject: new Map(),
      generation: 0,
      heard: async () => false,
    };
    memories.set(db, memory);
  }
  return memory;
}

/**
 * Forgets, in this process and at once, what was remembered of the project's database key.
 * The service that replaces a key calls it after its write; other servers hear the change from
 * the database (migration 0009's trigger) within milliseconds.
 */
export function forgetDatabaseKey(db: Db, projectId: string) {
  const memory = memoryOf(db);
  memory.generation++;
  const hash = memory.hashOfProject.get(projectId);
  if (hash === undefined) return;
  memory.hashOfProject.delete(projectId);
  memory.byHash.delete(hash);
}

/**
 * Lets checkDatabaseKey remember checked keys for this database while the database_keys
 * notifications are heard (LISTEN from the first check on, until `close`). `changed` hears each
 * project whose key may have changed, wherever it was changed; `missed`, that some may have
 * been missed (the LISTEN was made again).
 */
export function rememberDatabaseKeys(options: {
  db: Db;
  listen: Database["listen"];
  log: FastifyBaseLogger;
  changed?: (projectId: string) => void;
  missed?: () => void;
}) {
  const memory = memoryOf(options.db);
  const forgetAll = () => {
    memory.generation++;
    memory.byHash.clear();
    memory.hashOfProject.clear();
  };
  const listener = createListener({
    listen: options.listen,
    channel: DATABASE_KEYS_CHANNEL,
    onNotify: (projectId) => {
      forgetDatabaseKey(options.db, projectId);
      options.changed?.(projectId);
    },
    onRelisten: () => {
      forgetAll();
      options.missed?.();
    },
    log: options.log,
  });
  let closed = false;
  memory.heard = async () => !closed && (await listener.ready()) !== undefined;
  return {
    async close() {
      closed = true;
      forgetAll();
      await listener.close();
    },
  };
}

/**
 * The one check of an app's key: the project whose database key `presented` is, found by the
 * key's hash (unique), and whether its owner has switched it off. Remembered while
 * rememberDatabaseKeys listens.
 */
export async function checkDatabaseKey(db: Db, presented: string): Promise<KeyCheck> {
  const hash = hashSecret(presented);
  const memory = memoryOf(db);
  const known = memory.byHash.get(hash);
  if (known && known.until > Date.now()) return verdict(known, hash);
  // Listening before reading: a change committed after this read is then heard.
  const heard = await memory.heard();
  const generation = memory.generation;
  const [row] = await db
    .select({
      projectId: projectSettings.id,
      adminId: projects.adminId,
      keyApp: projects.keyApp,
      enabled: projectSettings.testKeyEnabled,
    })
    .from(projectSettings)
    .innerJoin(projects, eq(projects.id, projectSettings.id))
    .where(eq(projectSettings.databaseKeyHash, hash))
    .limit(1);
  if (!row) return { state: "unknown" };
  if (heard && generation === memory.generation) {
    const previous = memory.hashOfProject.get(row.projectId);
    if (previous !== undefined) memory.byHash.delete(previous);
    memory.byHash.delete(hash);
    const [oldest] = memory.byHash.size >= KEYS_REMEMBERED ? memory.byHash.values() : [];
    if (oldest) {
      memory.byHash.delete(oldest.hash);
      memory.hashOfProject.delete(oldest.projectId);
    }
    memory.byHash.set(hash, { ...row, hash, until: Date.now() + KEY_TRUST_MS });
    memory.hashOfProject.set(row.projectId, hash);
  }
  return verdict(row, hash);
}

function verdict(key: KeyOwner & { enabled: boolean }, hash: string): KeyCheck {
  if (!key.enabled) return { state: "switched-off", projectId: key.projectId };
  return {
    state: "open",
    caller: { projectId: key.projectId, adminId: key.adminId, keyApp: key.keyApp, keyHash: hash },
  };
}

/** The project `presented` opens (checkDatabaseKey), or undefined: unknown or switched off. */
export async function verifyDatabaseKey(db: Db, presented: string): Promise<AppCaller | undefined> {
  const check = await checkDatabaseKey(db, presented);
  return check.state === "open" ? check.caller : undefined;
}

/**
 * Of these callers (open streams), those whose key no longer opens their project: replaced,
 * switched off by the owner, or the project gone. One query, read from the database (a change
 * was heard, or may have been missed: what is remembered may be older).
 */
export async function replacedKeys<T extends { projectId: string; keyHash: string }>(
  db: Db,
  callers: T[],
): Promise<T[]> {
  if (callers.length === 0) return [];
  const rows = await db
    .select({ id: projectSettings.id, keyHash: projectSettings.databaseKeyHash })
    .from(projectSettings)
    .where(
      and(
        inArray(projectSettings.id, [...new Set(callers.map((caller) => caller.projectId))]),
        eq(projectSettings.testKeyEnabled, true),
      ),
    );
  const current = new Map(rows.map((row) => [row.id, row.keyHash]));
  return callers.filter((caller) => caller.keyHash !== current.get(caller.projectId));
}

/**
 * The apps' calls' refusal: 401 with `WWW-Authenticate`, whatever was wrong with the key; a key
 * its owner switched off says so (whoever presents it knows the key already).
 */
function keyRefused(
  reply: FastifyReply,
  realm: string,
  message: string = GenericTexts.databaseKeyRequired,
) {
  reply.header("WWW-Authenticate", `Bearer realm="${realm}"`);
  return new AppError(ErrorCodes.UNAUTHENTICATED, message);
}

/**
 * The caller whose database key the request carries (`Authorization: Bearer <key>`, or `key`
 * for the one caller that cannot set headers: `EventSource`; checkDatabaseKey). A missing,
 * wrong or replaced key answers 401 with `WWW-Authenticate`, all alike; a key switched off
 * answers the same 401 with its own message.
 */
export async function requireProjectKey(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { realm: string; presented?: string | null },
): Promise<AppCaller> {
  const presented = options.presented ?? bearerKey(request);
  const check: KeyCheck = presented
    ? await checkDatabaseKey(request.server.deps.db, presented)
    : { state: "unknown" };
  if (check.state === "switched-off") {
    throw keyRefused(reply, options.realm, GenericTexts.testKeySwitchedOff);
  }
  if (check.state !== "open") throw keyRefused(reply, options.realm);
  return check.caller;
}

/**
 * The apps' calls that name their app code (installs, the dev app's configuration): the caller
 * of requireProjectKey, when its key is that app's. A missing or wrong key and an unknown app
 * code answer the same 401, so that these endpoints do not tell which app codes exist (the app
 * code is not even looked up: the key names the project).
 */
export async function requireDatabaseKey(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { appKey: string; realm: string },
): Promise<AppCaller> {
  const caller = await requireProjectKey(request, reply, { realm: options.realm });
  if (caller.keyApp !== options.appKey) throw keyRefused(reply, options.realm);
  return caller;
}
