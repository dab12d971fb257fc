import { createHash, timingSafeEqual } from "node:crypto";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Database, Db } from "./db/client";
import { createListener } from "./db/listener";
import { projectSettings, projects } from "./db/schema";
import { AppError } from "./errors";
import { hashSecret } from "./random";

// A project's database key is kept only as its hashSecret (SHA-256, hex): the projects feature
// stores it, the apps' endpoints check a presented key against it. The key is 256 random bits
// (decision 013), so a plain hash is enough: there is nothing to guess from it.

// Compared when there is no stored hash, so that an unknown app code costs the same time.
const NO_HASH = Buffer.alloc(32);

/** Whether `presented` is the key of `storedHash`, compared in constant time. */
export function matchesDatabaseKey(presented: string, storedHash: string | null): boolean {
  const given = createHash("sha256").update(presented).digest();
  const stored =
    storedHash && /^[0-9a-f]{64}$/.test(storedHash) ? Buffer.from(storedHash, "hex") : null;
  return timingSafeEqual(given, stored ?? NO_HASH) && stored !== null;
}

/** The key of `Authorization: Bearer <key>`, or null. */
export function bearerKey(request: FastifyRequest): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? "");
  return match?.[1] ?? null;
}

export type AuthorisedApp = { projectId: string; adminId: string; keyApp: string };

/**
 * The apps' calls (no session): the project whose app code is `appKey`, when the request
 * carries its database key as `Authorization: Bearer <key>`. Otherwise 401 with
 * `WWW-Authenticate`, the same answer for a missing key, a wrong key and an unknown app code
 * (one hash comparison each time), so that these endpoints do not tell which app codes exist.
 */
export async function requireDatabaseKey(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { appKey: string; realm: string },
): Promise<AuthorisedApp> {
  const [row] = await request.server.deps.db
    .select({
      projectId: projects.id,
      adminId: projects.adminId,
      keyApp: projects.keyApp,
      keyHash: projectSettings.databaseKeyHash,
    })
    .from(projects)
    .innerJoin(projectSettings, eq(projectSettings.id, projects.id))
    .where(eq(projects.keyApp, options.appKey))
    .limit(1);
  const presented = bearerKey(request);
  const authorised = matchesDatabaseKey(presented ?? "", row?.keyHash ?? null);
  if (!row || presented === null || !authorised) {
    reply.header("WWW-Authenticate", `Bearer realm="${options.realm}"`);
    throw new AppError(ErrorCodes.UNAUTHENTICATED, GenericTexts.databaseKeyRequired);
  }
  return { projectId: row.projectId, adminId: row.adminId, keyApp: row.keyApp };
}

/** The channel migration 0009's triggers notify, with the project id, when a key changes. */
const DATABASE_KEYS_CHANNEL = "database_keys";
/**
 * How long a key read from the database is trusted without asking it again. A change is known
 * at once (forgetDatabaseKey here, the database_keys notification everywhere); this only bounds
 * what a notification lost while the listening connection is re-established could leave.
 */
const KEY_TRUST_MS = 30_000;
/** At most this many keys are remembered (the oldest is forgotten first). */
const KEYS_REMEMBERED = 10_000;

type KeyOwner = { projectId: string; adminId: string };
/** The project of a presented key, and the key's hash (what a stream opened with it keeps). */
export type ProjectKey = KeyOwner & { keyHash: string };
type RememberedKey = KeyOwner & { hash: string; until: number };

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
 * Lets requireProjectKey remember checked keys for this database while the database_keys
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

async function findKeyOwner(db: Db, presented: string): Promise<ProjectKey | undefined> {
  const hash = hashSecret(presented);
  const memory = memoryOf(db);
  const known = memory.byHash.get(hash);
  if (known && known.until > Date.now()) {
    return { projectId: known.projectId, adminId: known.adminId, keyHash: hash };
  }
  // Listening before reading: a change committed after this read is then heard.
  const heard = await memory.heard();
  const generation = memory.generation;
  const [row] = await db
    .select({ projectId: projectSettings.id, adminId: projects.adminId })
    .from(projectSettings)
    .innerJoin(projects, eq(projects.id, projectSettings.id))
    .where(eq(projectSettings.databaseKeyHash, hash))
    .limit(1);
  if (row && heard && generation === memory.generation) {
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
  return row && { ...row, keyHash: hash };
}

/**
 * The project whose database key the request carries (`Authorization: Bearer <key>`, or `key`
 * for the one caller that cannot set headers: `EventSource`), found by the key's hash (unique),
 * remembered while rememberDatabaseKeys listens. A missing, wrong or replaced key answers 401
 * with `WWW-Authenticate`, all alike.
 */
export async function requireProjectKey(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { realm: string; presented?: string | null },
): Promise<ProjectKey> {
  const presented = options.presented ?? bearerKey(request);
  const owner = presented ? await findKeyOwner(request.server.deps.db, presented) : undefined;
  if (!owner) {
    reply.header("WWW-Authenticate", `Bearer realm="${options.realm}"`);
    throw new AppError(ErrorCodes.UNAUTHENTICATED, GenericTexts.databaseKeyRequired);
  }
  return owner;
}
