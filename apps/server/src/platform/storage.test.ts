import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from "../../test/s3-server";
import { pngBytes } from "../../test/test-images";
import { createS3Storage } from "./s3-storage";
import {
  createLocalStorage,
  type Storage,
  type StoredObject,
  saveCheckedUpload,
  saveUpload,
  UploadTooLargeError,
} from "./storage";

const MiB = 1024 * 1024;

/** One test's own corner of a storage: a fresh folder, or a fresh prefix in the bucket. */
type Space = {
  storage: Storage;
  /** Every file or object left in the space, storage key or not. */
  leftovers: () => Promise<string[]>;
  /** Writes something that is not a storage key, as another program could. */
  writeRaw: (name: string, body: string) => Promise<void>;
};

type Backend = {
  name: string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  space: (options?: { listPageSize?: number }) => Space;
  /** A storage that cannot take files. */
  broken: () => Storage;
  /** The S3 server's requests since `since` (none for local disk). */
  requestsSince?: (since: number) => string[];
  requestCount?: () => number;
};

function localBackend(): Backend {
  let root = "";
  return {
    name: "local disk",
    async start() {
      root = mkdtempSync(path.join(tmpdir(), "hybridge-storage-test-"));
    },
    async stop() {
      rmSync(root, { recursive: true, force: true });
    },
    space() {
      const dir = mkdtempSync(path.join(root, "space-"));
      return {
        storage: createLocalStorage(dir),
        leftovers: async () =>
          readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile())
            .map((e) => path.relative(dir, path.join(e.parentPath, e.name))),
        writeRaw: async (name, body) => {
          mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
          writeFileSync(path.join(dir, name), body);
        },
      };
    },
    broken() {
      // A folder that cannot be made: its parent is a file.
      const file = path.join(root, `not-a-folder-${randomBytes(4).toString("hex")}`);
      writeFileSync(file, "x");
      return createLocalStorage(path.join(file, "files"));
    },
  };
}

function s3Backend(): Backend {
  let s3: TestS3Server;
  let raw: S3Client;
  const opened: Storage[] = [];
  let spaces = 0;
  const open = (options: Parameters<typeof createS3Storage>[0]) => {
    const storage = createS3Storage(options);
    opened.push(storage);
    return storage;
  };
  return {
    name: "S3 (s3rver)",
    async start() {
      s3 = await startS3Server();
      raw = new S3Client({
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
    },
    async stop() {
      for (const storage of opened) await storage.close?.();
      raw?.destroy();
      await s3?.close();
    },
    space(options = {}) {
      spaces += 1;
      const prefix = `space-${spaces}/`;
      return {
        storage: open({
          bucket: s3.bucket,
          endpoint: s3.endpoint,
          region: s3.region,
          credentials: S3RVER_CREDENTIALS,
          prefix,
          ...options,
        }),
        leftovers: async () => {
          const listed = await raw.send(
            new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }),
          );
          return (listed.Contents ?? []).map((o) => (o.Key ?? "").slice(prefix.length));
        },
        writeRaw: async (name, body) => {
          await raw.send(
            new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}${name}`, Body: body }),
          );
        },
      };
    },
    broken: () =>
      open({
        bucket: "no-such-bucket",
        endpoint: s3.endpoint,
        region: s3.region,
        credentials: S3RVER_CREDENTIALS,
      }),
    requestCount: () => s3.requests().length,
    requestsSince: (since) => s3.requests().slice(since),
  };
}

/** A source that makes `chunks` chunks on demand and counts how many were taken. */
function countingSource(first: Buffer, chunks: number, fill = 0x41) {
  const state = { pulled: 0 };
  const stream = Readable.from(
    (async function* () {
      yield first;
      for (let i = 0; i < chunks; i++) {
        state.pulled++;
        yield Buffer.alloc(64 * 1024, fill);
      }
    })(),
    { objectMode: false },
  );
  return { stream, state };
}

/** `size` bytes of a repeatable pattern (no two parts alike), 64 KiB at a time, on demand. */
function patternSource(size: number, failAfter?: { bytes: number; error: Error }) {
  const hash = createHash("sha256");
  const stream = Readable.from(
    (async function* () {
      let sent = 0;
      while (sent < size) {
        if (failAfter && sent >= failAfter.bytes) throw failAfter.error;
        const chunk = Buffer.alloc(Math.min(64 * 1024, size - sent));
        for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((sent + i) >>> 0, i);
        hash.update(chunk);
        sent += chunk.length;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
  return { stream, digest: () => hash.digest("hex") };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listAll(files: AsyncIterable<StoredObject>) {
  const all: StoredObject[] = [];
  for await (const file of files) all.push(file);
  return all.sort((a, b) => a.key.localeCompare(b.key));
}

const png = { contentType: "image/png", extension: "png" };
/** A check that refuses a chunk made only of "A"s: what a walker does at its first wrong byte. */
function refusingAs() {
  let bad = false;
  return {
    push: (chunk: Uint8Array) => {
      if (chunk.length > 0 && chunk.every((b) => b === 0x41)) bad = true;
    },
    ok: () => !bad,
    finish: () =>
      bad
        ? { ok: false as const, message: "bad" }
        : { ok: true as const, contentType: "image/png" },
  };
}

const checked = (storage: Storage, source: Readable) =>
  saveCheckedUpload({
    storage,
    source,
    sniffBytes: 1,
    identify: (head) => (head[0] === 0x89 ? png : null),
    folder: "checks",
    maxBytes: 2 * MiB,
    inspector: refusingAs(),
    errors: {
      invalid: () => new Error("invalid"),
      tooLarge: () => new Error("too large"),
    },
  });

describe.each([localBackend(), s3Backend()])("$name storage", (backend) => {
  beforeAll(() => backend.start());
  afterAll(() => backend.stop());

  describe("put, open, exists, remove", () => {
    it("gives back the bytes it took, with their size", async () => {
      const { storage, leftovers } = backend.space();
      const bytes = randomBytes(100_000);
      const put = await storage.put(
        "app-icons/a.png",
        Readable.from([bytes.subarray(0, 7), bytes.subarray(7)]),
      );
      expect(put).toEqual({ size: bytes.length });
      expect(await storage.exists("app-icons/a.png")).toBe(true);
      const opened = await storage.open("app-icons/a.png");
      expect(opened?.size).toBe(bytes.length);
      expect((await readAll(opened?.stream as Readable)).equals(bytes)).toBe(true);
      expect(await leftovers()).toEqual(["app-icons/a.png"]);

      await storage.remove("app-icons/a.png");
      expect(await storage.exists("app-icons/a.png")).toBe(false);
      expect(await storage.open("app-icons/a.png")).toBeNull();
      expect(await leftovers()).toEqual([]);
    });

    it("stores an empty file", async () => {
      const { storage } = backend.space();
      expect(await storage.put("checks/empty.bin", Readable.from([]))).toEqual({ size: 0 });
      const opened = await storage.open("checks/empty.bin");
      expect(opened?.size).toBe(0);
      expect((await readAll(opened?.stream as Readable)).length).toBe(0);
    });

    it("streams a body larger than a part, in parts, and reads it back intact", async () => {
      const { storage } = backend.space();
      const before = backend.requestCount?.() ?? 0;
      const source = patternSource(12 * MiB);
      expect(await storage.put("artifacts/big.apk", source.stream)).toEqual({ size: 12 * MiB });
      const written = source.digest();

      if (backend.requestsSince) {
        // 12 MiB in parts of 5 MiB: three UploadPart requests, then one CompleteMultipartUpload.
        const requests = backend.requestsSince(before);
        expect(requests.filter((r) => /^PUT .*partNumber=\d+/.test(r))).toHaveLength(3);
        expect(requests.some((r) => /^POST .*uploadId=/.test(r))).toBe(true);
      }
      const opened = await storage.open("artifacts/big.apk");
      if (!opened) throw new Error("not stored");
      expect(opened.size).toBe(12 * MiB);
      const hash = createHash("sha256");
      let read = 0;
      for await (const chunk of opened.stream) {
        hash.update(chunk as Buffer);
        read += (chunk as Buffer).length;
      }
      expect(read).toBe(12 * MiB);
      expect(hash.digest("hex")).toBe(written);
    });

    it("leaves nothing when the body fails midway, and throws the body's own error", async () => {
      const { storage, leftovers } = backend.space();
      const before = backend.requestCount?.() ?? 0;
      const broken = new Error("the client went away");
      // Past the first part: a multipart upload is under way when the body fails.
      const source = patternSource(12 * MiB, { bytes: 7 * MiB, error: broken });
      const failure = await storage.put("artifacts/broken.apk", source.stream).catch((e) => e);
      expect(failure).toBe(broken);
      if (backend.requestsSince) {
        // A multipart upload was begun, and its abort asked for (s3rver answers 405: it has no
        // abort, and its parts stay in its own folder, never listed).
        const requests = backend.requestsSince(before);
        expect(requests.some((r) => /^POST .*uploads/.test(r))).toBe(true);
        expect(requests.some((r) => /^DELETE .*uploadId=/.test(r))).toBe(true);
      }
      expect(await storage.exists("artifacts/broken.apk")).toBe(false);
      expect(await storage.open("artifacts/broken.apk")).toBeNull();
      expect(await listAll(storage.list())).toEqual([]);
      expect(await leftovers()).toEqual([]);

      // A body that fails at once, before a part is full.
      const early = new Error("failed at once");
      const first = patternSource(1000, { bytes: 0, error: early });
      await expect(storage.put("artifacts/early.apk", first.stream)).rejects.toBe(early);
      expect(await leftovers()).toEqual([]);
    });

    it("answers null, false or nothing for a key with no file", async () => {
      const { storage } = backend.space();
      expect(await storage.open("app-icons/missing.png")).toBeNull();
      expect(await storage.exists("app-icons/missing.png")).toBe(false);
      await expect(storage.remove("app-icons/missing.png")).resolves.toBeUndefined();
    });

    it("refuses what is not a key", async () => {
      const { storage } = backend.space();
      for (const key of ["../secret", "app-icons/../../x", "top.png", "Upper/a.png", ".probe-x"]) {
        await expect(storage.put(key, Readable.from([Buffer.from("x")]))).rejects.toThrow(
          "Invalid storage key",
        );
        await expect(storage.open(key)).rejects.toThrow("Invalid storage key");
      }
    });
  });

  describe("saveUpload", () => {
    it("leaves no file, not even a partial one, when the first chunk is refused", async () => {
      const { storage, leftovers } = backend.space();
      // Many at once: the refusal races the opening of each file.
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          saveUpload({
            storage,
            key: `refused/${i}.bin`,
            source: Readable.from([Buffer.from("x")]),
            maxBytes: 10,
            observe: () => {
              throw new Error("refused");
            },
          }),
        ),
      );
      expect(results.every((r) => r.status === "rejected")).toBe(true);
      expect(await leftovers()).toEqual([]);
    });

    it("stops a body over its limit with UploadTooLargeError, parts already sent, and keeps nothing", async () => {
      const { storage, leftovers } = backend.space();
      const source = patternSource(9 * MiB);
      const failure = await saveUpload({
        storage,
        key: "artifacts/too-large.apk",
        source: source.stream,
        maxBytes: 6 * MiB,
      }).catch((e) => e);
      expect(failure).toBeInstanceOf(UploadTooLargeError);
      expect(source.stream.destroyed).toBe(true);
      expect(await storage.exists("artifacts/too-large.apk")).toBe(false);
      expect(await leftovers()).toEqual([]);
    });
  });

  describe("saveCheckedUpload", () => {
    it("stores a file whose every byte passed the check", async () => {
      const { storage } = backend.space();
      const stored = await checked(storage, Readable.from([pngBytes(16, 16)]));
      expect(stored).toMatchObject({ contentType: "image/png", size: pngBytes(16, 16).length });
      const opened = await storage.open(stored.key);
      expect((await readAll(opened?.stream as Readable)).equals(pngBytes(16, 16))).toBe(true);
    });

    it("stops reading at the first byte that does not fit, and keeps nothing", async () => {
      const { storage, leftovers } = backend.space();
      const { stream, state } = countingSource(pngBytes(512, 512).subarray(0, 33), 1000);
      await expect(checked(storage, stream)).rejects.toThrow("invalid");
      expect(state.pulled).toBeLessThan(5);
      expect(stream.destroyed).toBe(true);
      expect(await leftovers()).toEqual([]);
    });

    it("stops at the size limit, and keeps nothing", async () => {
      const { storage, leftovers } = backend.space();
      // Bytes that pass the check, more of them than the limit.
      const { stream, state } = countingSource(pngBytes(8, 8).subarray(0, 33), 1000, 0x42);
      await expect(checked(storage, stream)).rejects.toThrow("too large");
      expect(state.pulled).toBeLessThan(40);
      expect(await leftovers()).toEqual([]);
    });
  });

  describe("list", () => {
    it("lists every stored key with its modification time, page after page, nothing else", async () => {
      const { storage, writeRaw } = backend.space({ listPageSize: 2 });
      expect(await listAll(storage.list())).toEqual([]);
      const keys = [
        "app-icons/a.png",
        "app-icons/b.png",
        "checks/c.png",
        "module-thumbnails/d.webp",
        "module-videos/deep/e.mp4",
      ];
      for (const key of keys) await storage.put(key, Readable.from([Buffer.from(key)]));
      // Not storage keys: a file at the top, a hidden folder's file, a probe's leftover.
      await writeRaw("stray.txt", "x");
      await writeRaw(".trash/d.png", "d");
      await writeRaw(".probe-123", "probe");

      const before = backend.requestCount?.() ?? 0;
      const found = await listAll(storage.list());
      expect(found.map((f) => f.key)).toEqual(keys);
      for (const file of found) {
        expect(Math.abs(Date.now() - file.modifiedAt.getTime())).toBeLessThan(60_000);
      }
      if (backend.requestsSince) {
        // 8 objects, 2 a page.
        const pages = backend.requestsSince(before).filter((r) => r.includes("list-type=2"));
        expect(pages.length).toBeGreaterThanOrEqual(4);
      }
      expect(await storage.exists("module-videos/deep")).toBe(false);
    });

    it("stops listing when the caller stops", async () => {
      const { storage } = backend.space({ listPageSize: 2 });
      for (const key of ["checks/1.bin", "checks/2.bin", "checks/3.bin", "checks/4.bin"]) {
        await storage.put(key, Readable.from([Buffer.from("x")]));
      }
      const before = backend.requestCount?.() ?? 0;
      for await (const file of storage.list()) {
        expect(file.key).toMatch(/^checks\//);
        break;
      }
      if (backend.requestsSince) expect(backend.requestsSince(before)).toHaveLength(1);
    });
  });

  describe("probe", () => {
    it("writes and removes a file, leaving nothing", async () => {
      const { storage, leftovers } = backend.space();
      await storage.probe();
      expect(await leftovers()).toEqual([]);
    });

    it("throws when the storage cannot take files", async () => {
      await expect(backend.broken().probe()).rejects.toThrow();
    });
  });
});

describe("local disk storage", () => {
  it("lists a write in progress as its .partial, and keeps each file's modification time", async () => {
    const listRoot = mkdtempSync(path.join(tmpdir(), "hybridge-storage-list-"));
    try {
      const listed = createLocalStorage(listRoot);
      await listed.put("app-icons/a.png", Readable.from([Buffer.from("a")]));
      const old = new Date("2020-01-02T03:04:05Z");
      utimesSync(path.join(listRoot, "app-icons/a.png"), old, old);
      writeFileSync(path.join(listRoot, "app-icons/c.png.partial"), "c");

      const found = await listAll(listed.list());
      expect(found.map((f) => f.key)).toEqual(["app-icons/a.png", "app-icons/c.png.partial"]);
      expect(found[0]?.modifiedAt).toEqual(old);
    } finally {
      rmSync(listRoot, { recursive: true, force: true });
    }
  });

  it("lists nothing when no file was ever stored", async () => {
    const missing = createLocalStorage(path.join(tmpdir(), `hybridge-never-${Date.now()}`));
    expect(await listAll(missing.list())).toEqual([]);
  });
});
