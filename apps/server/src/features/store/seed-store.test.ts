import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { storedFileKeys } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { loadConfig } from "../../platform/config";
import { appFlags, modules, storedFiles } from "../../platform/db/schema";
import { STORE_SEED_DIR, STORE_SEEDED_FLAG, seedStore } from "./seed-store";
import { withCookie } from "./test-support";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const manifest = JSON.parse(readFileSync(path.join(STORE_SEED_DIR, "manifest.json"), "utf8")) as {
  modules: Array<{ title: string; price: number; platform: string }>;
};
const flagged = async () =>
  (await app.deps.db.select().from(appFlags)).some((f) => f.key === STORE_SEEDED_FLAG);
const seed = (overrides: Partial<Parameters<typeof seedStore>[0]> = {}) =>
  seedStore({
    db: app.deps.db,
    storage: app.deps.storage,
    enabled: true,
    ...overrides,
  });

async function emptyStore() {
  await app.deps.db.delete(modules);
  await app.deps.db.delete(appFlags);
}

describe("seedStore", () => {
  beforeEach(emptyStore);

  it("ships 4 to 6 example modules, some free, on every platform", () => {
    expect(manifest.modules.length).toBeGreaterThanOrEqual(4);
    expect(manifest.modules.length).toBeLessThanOrEqual(6);
    expect(manifest.modules.some((m) => m.price === 0)).toBe(true);
    expect(manifest.modules.some((m) => m.price > 0)).toBe(true);
    expect(new Set(manifest.modules.map((m) => m.platform))).toEqual(
      new Set(["multiplatform", "android", "ios"]),
    );
  });

  it("fills an empty store once, in the manifest's order, with thumbnails served as WebP", async () => {
    expect(await seed()).toEqual({ status: "seeded", count: manifest.modules.length });
    expect(await flagged()).toBe(true);

    const user = await createTestUser(app);
    const res = await app.inject({
      method: "GET",
      url: "/api/store/modules",
      headers: withCookie(user.cookie),
    });
    const listed = res.json().modules as Array<{
      title: string;
      price: number;
      thumbnailUrl: string;
    }>;
    expect(listed.map((m) => m.title)).toEqual(manifest.modules.map((m) => m.title));
    expect(listed.map((m) => m.price)).toEqual(manifest.modules.map((m) => m.price));
    for (const m of listed) {
      const image = await app.inject({
        method: "GET",
        url: m.thumbnailUrl,
        headers: withCookie(user.cookie),
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
    }
    const rows = await app.deps.db.select().from(modules);
    expect(rows.every((r) => r.createdBy === null)).toBe(true);

    // A second start changes nothing.
    expect(await seed()).toEqual({ status: "already-seeded" });
    expect(await app.deps.db.select().from(modules)).toHaveLength(manifest.modules.length);
  });

  it("does not bring the examples back once they were deleted", async () => {
    await seed();
    await app.deps.db.delete(modules);
    expect(await seed()).toEqual({ status: "already-seeded" });
    expect(await app.deps.db.select().from(modules)).toEqual([]);
  });

  it("seeds once when two servers start on the same database at the same moment", async () => {
    const filesBefore = storedFileKeys(app);
    const results = await Promise.all([seed(), seed(), seed()]);
    expect(results.filter((r) => r.status === "seeded")).toHaveLength(1);
    expect(results.filter((r) => r.status === "already-seeded")).toHaveLength(2);
    expect(await app.deps.db.select().from(modules)).toHaveLength(manifest.modules.length);
    // The servers that lost removed the thumbnails they had copied.
    expect(storedFileKeys(app).length - filesBefore.length).toBe(manifest.modules.length);
  });

  it("respects the flag", async () => {
    expect(await seed({ enabled: false })).toEqual({ status: "disabled" });
    expect(await app.deps.db.select().from(modules)).toEqual([]);
    expect(await flagged()).toBe(false);
  });

  it("never seeds a store that already has modules (e.g. an existing PostgreSQL database)", async () => {
    const user = await createTestUser(app);
    await app.deps.db.insert(modules).values({
      title: "Mine",
      description: "d",
      thumbnailUrl: "module-thumbnails/x.png",
      createdBy: user.id,
    });
    expect(await seed()).toEqual({ status: "store-not-empty" });
    expect(await flagged()).toBe(true);
    expect(await app.deps.db.select().from(modules)).toHaveLength(1);
  });

  it("leaves no file and no row when a thumbnail is not an image", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "store-seed-"));
    await cp(STORE_SEED_DIR, dir, { recursive: true });
    const last = manifest.modules.length - 1;
    const bad = (
      JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as {
        modules: Array<{ thumbnail: string }>;
      }
    ).modules[last]?.thumbnail as string;
    writeFileSync(path.join(dir, bad), "not a png");
    const filesBefore = storedFileKeys(app);
    const storedBefore = (await app.deps.db.select().from(storedFiles)).length;
    await expect(seed({ seedDir: dir })).rejects.toThrow(StoreTexts.notAnImage);
    expect(storedFileKeys(app)).toEqual(filesBefore);
    expect(await app.deps.db.select().from(modules)).toEqual([]);
    expect((await app.deps.db.select().from(storedFiles)).length).toBe(storedBefore);
    expect(await flagged()).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("SEED_STORE", () => {
  const config = (value?: string) =>
    loadConfig({
      DATA_DIR: tmpdir(),
      SECRET: "x".repeat(32),
      ...(value === undefined ? {} : { SEED_STORE: value }),
    });

  it("defaults to on and reads the usual spellings", () => {
    expect(config().seedStore).toBe(true);
    expect(config("").seedStore).toBe(true);
    for (const on of ["true", "1", "yes", "on", "TRUE"]) expect(config(on).seedStore).toBe(true);
    for (const off of ["false", "0", "no", "off", "False"])
      expect(config(off).seedStore).toBe(false);
  });

  it("names a bad value", () => {
    expect(() => config("maybe")).toThrow(/SEED_STORE/);
  });
});
