import { createHash, hkdfSync, randomBytes } from "node:crypto";
import { ACCESS_TOKEN_SECONDS } from "@hybridge/shared/app-users/schemas";
import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import type { FastifyRequest } from "fastify";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { bearerKey } from "./database-key";
import { AppError } from "./errors";

// App users' tokens (decision 043). Access tokens are JWTs (HS256, jose) whose key is derived
// from the server's SECRET with HKDF: checking one costs no database query. Refresh tokens are
// 32 random bytes, stored as their SHA-256.

const ALGORITHM = "HS256";
const HKDF_INFO = "hybridge app-user tokens";

const keys = new Map<string, Uint8Array>();
/** The signing key of access tokens, derived once per SECRET. */
function signingKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(hkdfSync("sha256", secret, "", HKDF_INFO, 32));
    keys.set(secret, key);
  }
  return key;
}

/** What an access token says of its user. */
export type AppUserClaims = {
  userId: string;
  projectId: string;
  email: string;
  verified: boolean;
};

/** A signed access token for `user`, valid ACCESS_TOKEN_SECONDS. */
export async function signAccessToken(options: {
  secret: string;
  user: AppUserClaims;
  now?: number;
}): Promise<string> {
  const { user } = options;
  const issuedAt = Math.floor((options.now ?? Date.now()) / 1000);
  return new SignJWT({ pid: user.projectId, email: user.email, verified: user.verified })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(user.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(signingKey(options.secret));
}

const refused = () => new AppError(ErrorCodes.UNAUTHENTICATED, AppUsersTexts.tokenRequired);

/**
 * The app user whose access token `token` is, for the project `projectId`; 401 when it is
 * missing, badly signed, expired, or another project's. No database query: a disabled or
 * deleted user's token works until it expires (at most ACCESS_TOKEN_SECONDS).
 */
export async function verifyAccessToken(options: {
  secret: string;
  token: string | null | undefined;
  projectId: string;
}): Promise<AppUserClaims & { expiresAt: number }> {
  if (!options.token) throw refused();
  try {
    const { payload } = await jwtVerify(options.token, signingKey(options.secret), {
      algorithms: [ALGORITHM],
      requiredClaims: ["sub", "iat", "exp"],
    });
    const { sub, pid, email, verified, exp } = payload;
    if (
      typeof sub !== "string" ||
      pid !== options.projectId ||
      typeof email !== "string" ||
      typeof verified !== "boolean"
    ) {
      throw refused();
    }
    return { userId: sub, projectId: pid, email, verified, expiresAt: (exp as number) * 1000 };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JOSEError) throw refused();
    throw error;
  }
}

/**
 * The app user of a request to project `projectId`: `Authorization: Bearer <accessToken>`,
 * checked by verifyAccessToken (for the data API's routes, which know the project).
 */
export function verifyAppUserToken(
  request: FastifyRequest,
  options: { projectId: string },
): Promise<AppUserClaims & { expiresAt: number }> {
  return verifyAccessToken({
    secret: request.server.deps.config.secret,
    token: bearerKey(request),
    projectId: options.projectId,
  });
}

/** A new refresh token: 32 random bytes, base64url. */
export const newRefreshToken = () => randomBytes(32).toString("base64url");
/** What is stored of a refresh token: its SHA-256, hex. */
export const refreshTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A mailed link's token (reset, verification): 32 random bytes, base64url, like a refresh token. */
export const newLinkToken = newRefreshToken;
/** What is stored of a mailed link's token: its SHA-256, hex. */
export const linkTokenHash = refreshTokenHash;
