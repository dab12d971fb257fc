import { createHash, timingSafeEqual } from "node:crypto";
import { ErrorCodes, GenericTexts } from "@hybridge/shared/common/errors";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { projectSettings, projects } from "./db/schema";
import { AppError } from "./errors";

/**
 * A project's database key is kept only as this hash (SHA-256, hex): the projects feature
 * stores it, the apps' endpoints check a presented key against it. The key is 256 random bits
 * (decision 013), so a plain hash is enough: there is nothing to guess from it.
 */
export const hashDatabaseKey = (key: string) => createHash("sha256").update(key).digest("hex");

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

/**
 * The project whose database key the request carries (`Authorization: Bearer <key>`, or `key`
 * for the one caller that cannot set headers: `EventSource`), found by the key's hash (unique).
 * A missing, wrong or replaced key answers 401 with `WWW-Authenticate`, all alike.
 */
export async function requireProjectKey(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { realm: string; presented?: string | null },
): Promise<{ projectId: string; adminId: string }> {
  const presented = options.presented ?? bearerKey(request);
  const [row] = presented
    ? await request.server.deps.db
        .select({ projectId: projectSettings.id, adminId: projects.adminId })
        .from(projectSettings)
        .innerJoin(projects, eq(projects.id, projectSettings.id))
        .where(eq(projectSettings.databaseKeyHash, hashDatabaseKey(presented)))
        .limit(1)
    : [];
  if (!row) {
    reply.header("WWW-Authenticate", `Bearer realm="${options.realm}"`);
    throw new AppError(ErrorCodes.UNAUTHENTICATED, GenericTexts.databaseKeyRequired);
  }
  return row;
}
