import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { type FormPart, multipart } from "../../../test/multipart";
import { TEST_ORIGIN, type TestApp } from "../../../test/test-app";
import { pngBytes } from "../../../test/test-images";
import type { Db } from "../../platform/db/client";
import { modules, projects } from "../../platform/db/schema";

const ascii = (text: string) => Buffer.from(text, "latin1");
const le32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** A lossless WebP header (RIFF, WEBP, VP8L) for a width × height image, plus filler bytes. */
export function webpBytes(width = 64, height = 36) {
  const bits = ((width - 1) | ((height - 1) << 14)) >>> 0;
  const vp8l = Buffer.concat([Buffer.from([0x2f]), le32(bits), Buffer.alloc(64)]);
  const chunk = Buffer.concat([ascii("VP8L"), le32(vp8l.length), vp8l]);
  return Buffer.concat([ascii("RIFF"), le32(4 + chunk.length), ascii("WEBP"), chunk]);
}

/** The start of an MP4 file: an ftyp box (isom) and an empty mdat box. */
export function mp4Bytes(extra = 256) {
  const ftyp = Buffer.concat([be32(24), ascii("ftypisom"), be32(0x200), ascii("isomiso2")]);
  return Buffer.concat([ftyp, be32(8 + extra), ascii("mdat"), Buffer.alloc(extra)]);
}

/** The start of a WebM file: the EBML header with DocType "webm". */
export function webmBytes(extra = 256) {
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
    ascii("webm"),
    Buffer.alloc(extra),
  ]);
}

export const thumbnailPart = (
  data: Buffer | string = pngBytes(64, 36),
  filename = "thumb.png",
): FormPart => ({ name: "thumbnail", filename, data, contentType: "image/png" });
export const videoPart = (data: Buffer | string = mp4Bytes(), filename = "demo.mp4"): FormPart => ({
  name: "video",
  filename,
  data,
  contentType: "video/mp4",
});

export type ModuleFields = Record<string, string>;
export const moduleFields = (overrides: ModuleFields = {}): ModuleFields => ({
  title: `Module ${randomBytes(3).toString("hex")}`,
  description: "A native module for tests.",
  price: "0",
  platform: "multiplatform",
  ...overrides,
});

/** POST /api/store/modules with the text fields first, then the given files. */
export function postModule(
  app: TestApp,
  cookie: string | undefined,
  fields: ModuleFields,
  files: FormPart[] = [thumbnailPart()],
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...files,
  ]);
  return app.inject({
    method: "POST",
    url: "/api/store/modules",
    headers: { origin: TEST_ORIGIN, ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

export type CreatedModule = {
  id: string;
  title: string;
  price: number;
  platform: string;
  thumbnailUrl: string;
  videoUrl: string | null;
  canDelete: boolean;
};

/** Adds a module through the API and returns it (throws unless 201). */
export async function createTestModule(
  app: TestApp,
  cookie: string,
  overrides: ModuleFields = {},
  files?: FormPart[],
): Promise<CreatedModule> {
  const res = await postModule(app, cookie, moduleFields(overrides), files);
  if (res.statusCode !== 201)
    throw new Error(`module creation failed: ${res.statusCode} ${res.body}`);
  return res.json().module;
}

/** A module row written directly (no files), for tests that need exact dates and platforms. */
export async function insertModule(
  db: Db,
  values: Partial<typeof modules.$inferInsert> & { createdAt?: Date } = {},
) {
  const [row] = await db
    .insert(modules)
    .values({
      title: `Module ${randomBytes(3).toString("hex")}`,
      description: "Inserted for a test.",
      thumbnailUrl: `module-thumbnails/${randomBytes(8).toString("hex")}.png`,
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

/** A project of `ownerId`, written directly (issue 4 owns the projects API). */
export async function insertProject(db: Db, owner: { id: string; email: string }, name = "My App") {
  const [row] = await db
    .insert(projects)
    .values({
      id: randomBytes(76).toString("base64url").slice(0, 101),
      name,
      keyApp: `app-${randomBytes(6).toString("hex")}`,
      description: "A project for tests.",
      segment: "other",
      adminId: owner.id,
      tester: owner.email,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

/** Every file under DATA_DIR/files (relative keys). */
export function storedFileKeys(app: TestApp): string[] {
  const root = path.join(app.dataDir, "files");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

export const withCookie = (cookie?: string) => ({
  origin: TEST_ORIGIN,
  ...(cookie ? { cookie } : {}),
});
