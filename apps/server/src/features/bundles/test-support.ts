import { randomBytes } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import yazl from "yazl";
import { multipart } from "../../../test/multipart";
import { TEST_ORIGIN, type TestApp } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";

export type ZipEntry = { name: string; data: Buffer | string; mode?: number };

/** A zip of these entries, made with yazl. */
export async function makeZip(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(Buffer.from(entry.data), entry.name, {
      mtime: new Date("2024-01-01T00:00:00Z"),
      ...(entry.mode ? { mode: entry.mode } : {}),
    });
  }
  zip.end();
  return buffer(zip.outputStream);
}

/** Replaces a name in a zip's headers by another of the same length (yazl refuses bad names). */
export function renameInZip(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error("same length only");
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at >= 0; at = out.indexOf(needle, at + 1)) {
    Buffer.from(to).copy(out, at);
  }
  return out;
}

/** Sets the "encrypted" flag of every entry, in the local and central headers. */
export function markEncrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 4; i += 1) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50) out.writeUInt16LE(out.readUInt16LE(i + 6) | 1, i + 6);
    if (signature === 0x02014b50) out.writeUInt16LE(out.readUInt16LE(i + 8) | 1, i + 8);
  }
  return out;
}

export const SAMPLE_INDEX = `<!doctype html><html><head><title>My web app</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

/** A Vite-like build: index.html and its assets, optionally in a top folder. */
export const sampleBundle = (top = "") =>
  makeZip([
    { name: `${top}index.html`, data: SAMPLE_INDEX },
    { name: `${top}assets/app.js`, data: "document.getElementById('root').textContent = 'Hi';" },
    { name: `${top}assets/logo.bin`, data: randomBytes(2048) },
  ]);

/**
 * POST /api/projects/:id/bundles with a zip (or any bytes) as the bundle field, after the
 * optional text fields (the console's "also send as an update": asUpdate, channel…).
 */
export function uploadBundle(
  app: TestApp,
  projectId: string,
  cookie: string,
  data: Buffer,
  fileName = "dist.zip",
  fields: Record<string, string> = {},
) {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: "bundle", filename: fileName, contentType: "application/zip", data },
  ]);
  return app.inject({
    method: "POST",
    url: `/api/projects/${projectId}/bundles`,
    headers: { origin: TEST_ORIGIN, cookie, ...form.headers },
    payload: form.payload,
  });
}

/** What project_storage counts for the project (0 before its first file). */
export async function projectStorageBytes(app: TestApp, projectId: string) {
  const [row] = await app.deps.db
    .select({ bytes: schema.projectStorage.bytes })
    .from(schema.projectStorage)
    .where(eq(schema.projectStorage.projectId, projectId));
  return row?.bytes ?? 0;
}
