import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { pngBytes } from "../../test/test-images";
import { createLocalStorage, type StoredObject, saveCheckedUpload, saveUpload } from "./storage";

const root = mkdtempSync(path.join(tmpdir(), "hybridge-storage-test-"));
const storage = createLocalStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const filesLeft = () =>
  readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

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

const checked = (source: Readable) =>
  saveCheckedUpload({
    storage,
    source,
    sniffBytes: 1,
    identify: (head) => (head[0] === 0x89 ? png : null),
    folder: "checks",
    maxBytes: 2 * 1024 * 1024,
    inspector: refusingAs(),
    errors: {
      invalid: () => new Error("invalid"),
      tooLarge: () => new Error("too large"),
    },
  });

describe("saveUpload", () => {
  it("leaves no file, not even a partial one, when the first chunk is refused", async () => {
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
    expect(filesLeft()).toEqual([]);
  });
});

describe("saveCheckedUpload", () => {
  it("stores a file whose every byte passed the check", async () => {
    const stored = await checked(Readable.from([pngBytes(16, 16)]));
    expect(stored).toMatchObject({ contentType: "image/png", size: pngBytes(16, 16).length });
    await storage.remove(stored.key);
  });

  it("stops reading at the first byte that does not fit, and keeps nothing", async () => {
    const { stream, state } = countingSource(pngBytes(512, 512).subarray(0, 33), 1000);
    await expect(checked(stream)).rejects.toThrow("invalid");
    expect(state.pulled).toBeLessThan(5);
    expect(stream.destroyed).toBe(true);
    expect(filesLeft()).toEqual([]);
  });

  it("stops at the size limit, and keeps nothing", async () => {
    // Bytes that pass the check, more of them than the limit.
    const { stream, state } = countingSource(pngBytes(8, 8).subarray(0, 33), 1000, 0x42);
    await expect(checked(stream)).rejects.toThrow("too large");
    expect(state.pulled).toBeLessThan(40);
    expect(filesLeft()).toEqual([]);
  });
});

async function listAll(files: AsyncIterable<StoredObject>) {
  const all: StoredObject[] = [];
  for await (const file of files) all.push(file);
  return all;
}

describe("listing storage", () => {
  it("lists every file with its modification time, partial writes included, nothing else", async () => {
    const listRoot = mkdtempSync(path.join(tmpdir(), "hybridge-storage-list-"));
    try {
      const listed = createLocalStorage(listRoot);
      expect(await listAll(listed.list())).toEqual([]);
      await listed.put("app-icons/a.png", Readable.from([Buffer.from("a")]));
      await listed.put("module-videos/deep/b.mp4", Readable.from([Buffer.from("b")]));
      const old = new Date("2020-01-02T03:04:05Z");
      utimesSync(path.join(listRoot, "app-icons/a.png"), old, old);
      writeFileSync(path.join(listRoot, "app-icons/c.png.partial"), "c");
      // Not storage keys: a file at the top, a hidden folder's file.
      writeFileSync(path.join(listRoot, "stray.txt"), "x");
      mkdirSync(path.join(listRoot, ".trash"));
      writeFileSync(path.join(listRoot, ".trash/d.png"), "d");

      const found = (await listAll(listed.list())).sort((a, b) => a.key.localeCompare(b.key));
      expect(found.map((f) => f.key)).toEqual([
        "app-icons/a.png",
        "app-icons/c.png.partial",
        "module-videos/deep/b.mp4",
      ]);
      expect(found[0]?.modifiedAt).toEqual(old);
      expect(Date.now() - (found[1]?.modifiedAt.getTime() ?? 0)).toBeLessThan(60_000);
      expect(await listed.exists("app-icons/a.png")).toBe(true);
      expect(await listed.exists("app-icons/zzz.png")).toBe(false);
      expect(await listed.exists("module-videos/deep")).toBe(false);
    } finally {
      rmSync(listRoot, { recursive: true, force: true });
    }
  });

  it("lists nothing when no file was ever stored", async () => {
    const missing = createLocalStorage(path.join(root, "never-created"));
    expect(await listAll(missing.list())).toEqual([]);
  });
});
