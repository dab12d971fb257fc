import { APP_KEY_HEADER } from "@hybridge/shared/app-users/schemas";
import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { verifyAccessToken } from "../../platform/app-user-tokens";
import { bearerKey } from "../../platform/database-key";
import type { Db } from "../../platform/db/client";
import { projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { UserCaller } from "./document-scope";

// A live app's caller of the data API (decision 044): its public app key (`X-Hybridge-App`, or
// `?app=` on a live stream, which cannot set headers) names the project, and its user's access
// token (`Authorization: Bearer`, or `?token=`) — when someone is signed in — names the user.
// Neither costs a database query on the hot path: the app key's project is remembered (an app
// key never changes), the token is a signature (decision 043).

/** The project of an app key, and its owner (whose storage a file counts against). */
type AppProject = { projectId: string; adminId: string };
const PROJECTS_REMEMBERED = 10_000;
const remembered = new WeakMap<Db, Map<string, AppProject>>();

async function appProject(db: Db, keyApp: string): Promise<AppProject> {
  let known = remembered.get(db);
  if (!known) {
    known = new Map();
    remembered.set(db, known);
  }
  const project = known.get(keyApp);
  if (project) return project;
  const [row] = await db
    .select({ projectId: projects.id, adminId: projects.adminId })
    .from(projects)
    .where(eq(projects.keyApp, keyApp))
    .limit(1);
  // 401: the data API's refusals of a credential are 401 (an app key is one, public).
  if (!row) throw new AppError(ErrorCodes.UNAUTHENTICATED, AppUsersTexts.appNotFound);
  if (known.size >= PROJECTS_REMEMBERED) {
    const oldest = known.keys().next().value;
    if (oldest !== undefined) known.delete(oldest);
  }
  known.set(keyApp, row);
  return row;
}

/** Forgets a deleted project's app key (its app key then opens nothing). */
export function forgetAppProject(db: Db, projectId: string) {
  const known = remembered.get(db);
  if (!known) return;
  for (const [keyApp, project] of known) if (project.projectId === projectId) known.delete(keyApp);
}

/** The app key a request names, or null: the request is then not a live app's. */
export function presentedAppKey(request: FastifyRequest, fromQuery?: string): string | null {
  const header = request.headers[APP_KEY_HEADER];
  const value = typeof header === "string" ? header : fromQuery;
  return value ? value : null;
}

/**
 * The caller of a live app's request: its project (unknown app key: 401) and its user (a token
 * that is not valid for this project: 401), or nobody when no token is sent.
 */
export async function userCallerOf(
  request: FastifyRequest,
  options: { db: Db; secret: string; keyApp: string; token?: string | null },
): Promise<UserCaller & { adminId: string }> {
  const { projectId, adminId } = await appProject(options.db, options.keyApp);
  const token = options.token ?? bearerKey(request);
  if (!token) {
    return {
      kind: "user",
      projectId,
      adminId,
      keyApp: options.keyApp,
      auth: null,
      expiresAt: null,
    };
  }
  const claims = await verifyAccessToken({ secret: options.secret, token, projectId });
  return {
    kind: "user",
    projectId,
    adminId,
    keyApp: options.keyApp,
    auth: { id: claims.userId, email: claims.email, verified: claims.verified },
    expiresAt: claims.expiresAt,
  };
}
