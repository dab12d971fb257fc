import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where uploaded files live. Keys look like `app-icons/<uuid>.png`. Local disk now; an
 * S3-compatible store can implement the same interface later.
 */
export type Storage = {
  put: (key: string, body: Readable) => Promise<{ size: number }>;
  open: (key: string) => Promise<{ stream: Readable; size: number } | null>;
  remove: (key: string) => Promise<void>;
};

const SAFE_KEY = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: "wx" }));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: (await stat(file)).size };
    },
    async open(key) {
      const file = resolve(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** An upload went over its size limit; nothing of it is left in storage. */
export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload larger than ${maxBytes} bytes`);
  }
}

/**
 * Streams an upload into storage under `key`, chunk by chunk (memory stays flat whatever the
 * size): more than `maxBytes` stops it with UploadTooLargeError, and `observe` sees every chunk
 * on its way (content checks). On any failure nothing is left under `key`.
 */
export async function saveUpload(options: {
  storage: Storage;
  key: string;
  source: Readable;
  maxBytes: number;
  observe?: (chunk: Uint8Array) => void;
}): Promise<{ size: number }> {
  const { storage, key, source, maxBytes, observe } = options;
  // Pulled by storage.put: nothing flows before the destination is ready.
  const metered = Readable.from(
    (async function* () {
      let size = 0;
      for await (const chunk of source) {
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
        size += bytes.length;
        if (size > maxBytes) throw new UploadTooLargeError(maxBytes);
        observe?.(bytes);
        yield bytes;
      }
    })(),
    { objectMode: false },
  );
  try {
    return await storage.put(key, metered);
  } catch (error) {
    await storage.remove(key).catch(() => {});
    source.resume();
    throw error;
  }
}
