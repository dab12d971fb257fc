import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../server-root";
import { openDatabase } from "./client";

const committed = JSON.parse(
  readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
).entries.length;

describe.skipIf(!process.env.TEST_DATABASE_URL)("openDatabase on PostgreSQL", () => {
  const name = `hybridge_test_${randomBytes(6).toString("hex")}`;
  let admin: postgres.Sql;
  let url: string;
  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL as string);
    admin = postgres(target.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    target.pathname = `/${name}`;
    url = target.toString();
  });
  afterAll(async () => {
    await admin?.unsafe(`drop database if exists "${name}" with (force)`);
    await admin?.end({ timeout: 5 });
  });

  it("lets servers starting together on an empty database apply the migrations once", async () => {
    const servers = await Promise.all(
      Array.from({ length: 8 }, () => openDatabase({ kind: "postgres", url })),
    );
    const reader = postgres(url, { max: 1 });
    try {
      for (const server of servers) expect((await server.probe()).state).toBe("ok");
      const [row] = await reader`select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect(row?.n).toBe(committed);
    } finally {
      await reader.end({ timeout: 5 });
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});
