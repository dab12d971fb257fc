import { randomBytes } from "node:crypto";
import { type FormPart, multipart } from "../../../test/multipart";
import { postJson, TEST_ORIGIN, type TestApp } from "../../../test/test-app";
import { mp4Bytes, pngBytes, webmBytes, webpBytes } from "../../../test/test-images";
import type { Db } from "../../platform/db/client";
import { modules } from "../../platform/db/schema";

// The media files live with the other test files; re-exported for the store's tests.
export { mp4Bytes, webmBytes, webpBytes };

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

export const withCookie = (cookie?: string) => ({
  origin: TEST_ORIGIN,
  ...(cookie ? { cookie } : {}),
});

/** POST /api/store/modules/:id/integrations: adds the module to the project. */
export const integrateModule = (
  app: TestApp,
  moduleId: string,
  projectId: string,
  cookie: string,
) => postJson(app, `/api/store/modules/${moduleId}/integrations`, { projectId }, cookie);
