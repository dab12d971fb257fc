import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, type Dir } from "node:fs";
import { mkdir, opendir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { StorageConfig } from "./config";
import { isMultipartFileTooLarge, multipartError } from "./multipart-form";

/** A file in storage, as `list` finds it. */
export type StoredObject = { key: string; modifiedAt: Date };

/**
 * Where uploaded files live. Keys look like `app-icons/<uuid>.png`. Two implementations, chosen
 * by STORAGE_URL (platform/config.ts, `createStorage` below): local disk under DATA_DIR/files by
 * default (`createLocalStorage`), or an S3 bucket (`createS3Storage` in s3-storage.ts, decision
 * 030). Both stream both ways, leave nothing under a key whose `put` failed, and let the body's
 * own error out of `put` unchanged (saveUpload's errors depend on it).
 */
export type Storage = {
  put: (key: string, body: Readable) => Promise<{ size: number }>;
  open: (key: string) => Promise<{ stream: Readable; size: number } | null>;
  exists: (key: string) => Promise<boolean>;
  /** No error when nothing is stored under `key`. */
  remove: (key: string) => Promise<void>;
  /**
   * Every file, with when it was last written, streamed (never all held at once); on local
   * disk a write in progress shows as its `<key>.partial` (an S3 upload shows only once whole).
   * Files that are not storage keys are not listed.
   */
  list: () => AsyncIterable<StoredObject>;
  /** Writes and removes a small file; throws when the storage cannot take files (readiness). */
  probe: () => Promise<void>;
  /** Lets go of what the storage holds open (the S3 client's connections); local disk has none. */
  close?: () => Promise<void>;
};

const SAFE_KEY = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;
/** A storage key's shape: what every implementation accepts, and what `list` reports. */
export const isKey = (key: string) => SAFE_KEY.test(key) && !key.includes("..");

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      const out = createWriteStream(partial, { flags: "wx" });
      try {
        await pipeline(body, out);
        await rename(partial, file);
      } catch (error) {
        // A body that fails at once (an upload refused by its first chunk) can fail before the
        // file is even open: wait until the stream has opened and closed it, or it would
        // appear after the removal.
        if (!out.closed) await once(out, "close").catch(() => {});
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
    async exists(key) {
      return (await stat(resolve(key)).catch(() => null))?.isFile() ?? false;
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async *list() {
      // Node 20's recursive opendir stops after its first buffer of entries: walked by hand.
      async function* walk(dir: string): AsyncGenerator<StoredObject> {
        let entries: Dir;
        try {
          entries = await opendir(dir);
        } catch (error) {
          // Not created yet, or removed since its parent was read.
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
          throw error;
        }
        for await (const entry of entries) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            yield* walk(file);
            continue;
          }
          const key = path.relative(root, file).split(path.sep).join("/");
          if (!entry.isFile() || !isKey(key)) continue;
          // null: removed since its directory was read.
          const found = await stat(file).catch(() => null);
          if (found) yield { key, modifiedAt: found.mtime };
        }
      }
      yield* walk(root);
    },
    async probe() {
      await mkdir(root, { recursive: true });
      // Outside every key's shape (SAFE_KEY): never taken for an upload.
      const file = path.join(root, `.probe-${randomUUID()}`);
      try {
        await writeFile(file, "probe");
      } finally {
        await rm(file, { force: true });
      }
    },
  };
}

/**
 * The storage STORAGE_URL names: local disk by default, else an S3 bucket. The AWS SDK is
 * loaded only then (about 0.1 s of a start that does not need it, decision 026).
 */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.kind === "local") return createLocalStorage(config.root);
  const { createS3Storage } = await import("./s3-storage");
  const { bucket, prefix, endpoint, region, forcePathStyle, credentials } = config;
  return createS3Storage({ bucket, prefix, endpoint, region, forcePathStyle, credentials });
}

/** An upload went over its size limit; nothing of it is left in storage. */
export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload larger than ${maxBytes} bytes`);
  }
}

/** Reading the upload itself failed (the client's side: a broken or aborted form). */
export class UploadReadError extends Error {
  constructor(cause: unknown) {
    super("reading the upload failed", { cause });
  }
}

/** `observe` stopped the upload: its bytes already tell that it must be refused. */
export class UploadRefusedError extends Error {
  constructor() {
    super("upload refused by its content check");
  }
}

/**
 * Streams an upload into storage under `key`, chunk by chunk (memory stays flat whatever the
 * size): more than `maxBytes` stops it with UploadTooLargeError, and `observe` sees every chunk
 * on its way (content checks; it may throw to stop the upload). A failure to read the source
 * is an UploadReadError. On any failure nothing is left under `key`, and the source is
 * destroyed rather than read to its end: the answer does not need the rest.
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
      const chunks = source[Symbol.asyncIterator]();
      let size = 0;
      for (;;) {
        let next: IteratorResult<unknown>;
        try {
          next = await chunks.next();
        } catch (error) {
          throw new UploadReadError(error);
        }
        if (next.done) return;
        const bytes =
          typeof next.value === "string" ? Buffer.from(next.value) : (next.value as Buffer);
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
    source.destroy();
    throw error;
  }
}

/**
 * Reads the first `size` bytes of a stream (short chunks are gathered until there are enough)
 * and gives back a stream that still yields every byte; destroying it destroys the source.
 */
export async function readHead(
  stream: Readable,
  size: number,
): Promise<{ head: Buffer; rest: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    let next: IteratorResult<unknown>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw new UploadReadError(error);
    }
    if (next.done) {
      done = true;
      break;
    }
    const chunk = next.value as Buffer;
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  const rest = Readable.from(
    (async function* () {
      let ended = done;
      try {
        if (head.length > 0) yield head;
        while (!ended) {
          const next = await iterator.next();
          ended = next.done === true;
          if (!ended) yield next.value as Buffer;
        }
      } finally {
        // Left early (the upload was refused): the source is not read any further.
        if (!ended) stream.destroy();
      }
    })(),
    { objectMode: false },
  );
  return { head, rest };
}

export type ContentCheck = { ok: true; contentType: string } | { ok: false; message: string };
export type FileType = { contentType: string; extension: string };

/**
 * Streams an upload whose first bytes announce its type: `identify` names the type from the
 * first `sniffBytes` (null refuses the file before anything is written), the file goes to
 * `folder/<random>.<extension>`, and `inspector` checks every byte on the way — as soon as its
 * `ok()` turns false the upload stops, without reading the rest. A file over `maxBytes`, or
 * whose full check fails or disagrees with the announced type, is refused and nothing stays in
 * storage. `errors` turns each refusal into the caller's error; `failed`, when given, wraps any
 * other failure (a storage error); a broken form is the multipart parser's error.
 */
export async function saveCheckedUpload(options: {
  storage: Storage;
  source: Readable;
  sniffBytes: number;
  identify: (head: Buffer) => FileType | null;
  folder: string;
  maxBytes: number;
  inspector: {
    push: (chunk: Uint8Array) => void;
    ok: () => boolean;
    finish: () => ContentCheck;
  };
  errors: {
    /** `check` is null when the first bytes already refused the file. */
    invalid: (check: ContentCheck | null) => Error;
    tooLarge: () => Error;
    failed?: (cause: unknown) => Error;
  };
}): Promise<{ key: string; contentType: string; size: number }> {
  const { storage, inspector, errors } = options;
  const failed = (cause: unknown) => {
    if (cause instanceof UploadReadError) {
      return isMultipartFileTooLarge(cause.cause) ? errors.tooLarge() : multipartError(cause.cause);
    }
    return errors.failed ? errors.failed(cause) : cause;
  };
  let head: Buffer;
  let rest: Readable;
  try {
    ({ head, rest } = await readHead(options.source, options.sniffBytes));
  } catch (error) {
    options.source.destroy();
    throw failed(error);
  }
  const type = head.length > 0 ? options.identify(head) : null;
  if (!type) {
    rest.destroy();
    options.source.destroy();
    throw errors.invalid(null);
  }

  const key = `${options.folder}/${randomUUID()}.${type.extension}`;
  let size: number;
  try {
    ({ size } = await saveUpload({
      storage,
      key,
      source: rest,
      maxBytes: options.maxBytes,
      observe: (chunk) => {
        inspector.push(chunk);
        if (!inspector.ok()) throw new UploadRefusedError();
      },
    }));
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw errors.tooLarge();
    if (error instanceof UploadRefusedError) throw errors.invalid(inspector.finish());
    throw failed(error);
  }
  const check = inspector.finish();
  if (!check.ok || check.contentType !== type.contentType) {
    await storage.remove(key);
    throw errors.invalid(check);
  }
  return { key, contentType: type.contentType, size };
}
