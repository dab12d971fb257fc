import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  type AppUserClaims,
  signAccessToken,
  verifyAppUserToken,
} from "../../platform/app-user-tokens";
import { hashPassword, verifyPassword } from "./passwords";

const SECRET = "a-secret-of-the-server-that-is-long-enough-0123456789";
const user: AppUserClaims = {
  userId: randomUUID(),
  projectId: "com.example.notes-1a2b",
  email: "ana@example.com",
  verified: false,
};

/** A request as verifyAppUserToken reads it: its Authorization header and the server's SECRET. */
const requestWith = (token: string | undefined, secret = SECRET) =>
  ({
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    server: { deps: { config: { secret } } },
  }) as unknown as FastifyRequest;

const verify = (token: string | undefined, projectId = user.projectId) =>
  verifyAppUserToken(requestWith(token), { projectId });

describe("verifyAppUserToken", () => {
  it("gives the user of a valid token, with no database", async () => {
    const token = await signAccessToken({ secret: SECRET, user });
    await expect(verify(token)).resolves.toEqual({ ...user, expiresAt: expect.any(Number) });
  });

  it("refuses an expired token (15 minutes)", async () => {
    const now = Date.now() - 16 * 60 * 1000;
    const token = await signAccessToken({ secret: SECRET, user, now });
    await expect(verify(token)).rejects.toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
    const recent = await signAccessToken({ secret: SECRET, user, now: Date.now() - 14 * 60_000 });
    await expect(verify(recent)).resolves.toEqual({ ...user, expiresAt: expect.any(Number) });
  });

  it("refuses a token signed with another key, or not signed, or with another algorithm", async () => {
    const other = await signAccessToken({ secret: `${SECRET}-other`, user });
    await expect(verify(other)).rejects.toMatchObject({ status: 401 });
    const [header, payload] = (await signAccessToken({ secret: SECRET, user })).split(".");
    await expect(verify(`${header}.${payload}.`)).rejects.toMatchObject({ status: 401 });
    const unsigned = new UnsecuredJWT({ pid: user.projectId, email: user.email, verified: false })
      .setSubject(user.userId)
      .setIssuedAt()
      .setExpirationTime("15m")
      .encode();
    await expect(verify(unsigned)).rejects.toMatchObject({ status: 401 });
    const hs512 = await new SignJWT({ pid: user.projectId, email: user.email, verified: false })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject(user.userId)
      .setIssuedAt()
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode(SECRET.repeat(2)));
    await expect(verify(hs512)).rejects.toMatchObject({ status: 401 });
  });

  it("refuses another project's token", async () => {
    const token = await signAccessToken({ secret: SECRET, user });
    await expect(verify(token, "com.example.other-9z8y")).rejects.toMatchObject({ status: 401 });
  });

  it("refuses a request without a token, or with garbage", async () => {
    await expect(verify(undefined)).rejects.toMatchObject({ status: 401 });
    await expect(verify("not.a.token")).rejects.toMatchObject({ status: 401 });
  });
});

describe("passwords", () => {
  it("are checked against their scrypt hash, salted: the same password hashes apart", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).not.toBe(await hashPassword("correct horse"));
    await expect(verifyPassword("correct horse", stored)).resolves.toBe(true);
    await expect(verifyPassword("correct horsE", stored)).resolves.toBe(false);
    await expect(verifyPassword("correct horse", "bcrypt$whatever")).resolves.toBe(false);
  });
});
