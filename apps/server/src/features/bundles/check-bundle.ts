import { createHash } from "node:crypto";
import { type Readable, Transform } from "node:stream";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import yauzl from "yauzl";
import yazl from "yazl";
import { AppError } from "../../platform/errors";

export type BundleLimits = { maxUnpackedBytes: number; maxEntries: number };

/** A file that inflates more than this many times its compressed size is a bomb (HTML ~10×). */
const MAX_RATIO = 200;
/** …once it is past this size: tiny files of zeros are fine. */
const RATIO_FLOOR = 1024 * 1024;

/** One time for every file: the same bundle re-packs to the same bytes. */
const FIXED_TIME = new Date("2020-01-01T00:00:00Z");

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const refuse = (message: string) => AppError.validation(message);

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(refuse(BundlesTexts.notZip)) : resolve(zip)),
    ),
  );

/** An entry and its path as it unpacks: `./` segments dropped, a folder's without its `/`. */
type Listed = { entry: yauzl.Entry; path: string; isFolder: boolean };

/**
 * The paths a name stands for once unpacked, as a machine's extract resolves it
 * (apps/agent/src/runner/extract-zip.ts): `./index.html` and `index.html` are one file.
 */
const unpackedPath = (segments: string[]) =>
  segments.filter((segment) => segment !== ".").join("/");

/**
 * Every entry of the central directory (no data is read), refusing unsafe ones by name, and
 * names that would collide once unpacked: the same path twice (`./index.html` beside
 * `index.html`: every build failed writing the second), or a file where a folder is (`top`
 * beside `top/index.html`: the re-pack failed, 500).
 */
async function listEntries(file: string, limits: BundleLimits): Promise<Listed[]> {
  const zip = await openZip(file);
  try {
    return await new Promise<Listed[]>((resolve, reject) => {
      const entries: Listed[] = [];
      /** Each named path, and whether it was named as a folder. */
      const seen = new Map<string, boolean>();
      const files = new Set<string>();
      /** Every folder a path lies in, named or not. */
      const folders = new Set<string>();
      zip.on("error", (error: Error) => {
        // yauzl checks names itself ("invalid relative path: ../x", "absolute path: /x").
        const unsafe =
          /^(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(
            error.message,
          );
        reject(refuse(unsafe ? BundlesTexts.unsafePath(unsafe[1] ?? "") : BundlesTexts.corrupt));
      });
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        const name = entry.fileName;
        const segments = name.replace(/\/$/, "").split("/");
        if (
          name.includes("\\") ||
          name.startsWith("/") ||
          /^[A-Za-z]:/.test(name) ||
          segments.some((segment) => segment === ".." || segment === "")
        ) {
          return reject(refuse(BundlesTexts.unsafePath(name)));
        }
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
          return reject(refuse(BundlesTexts.symlink(name)));
        }
        if (entry.isEncrypted()) return reject(refuse(BundlesTexts.encrypted(name)));
        const isFolder = name.endsWith("/");
        const path = unpackedPath(segments);
        if (path === "") {
          // `./`: the root folder itself. A file named `.` could not be written.
          if (isFolder) return zip.readEntry();
          return reject(refuse(BundlesTexts.unsafePath(name)));
        }
        const named = seen.get(path);
        if (named !== undefined) {
          return reject(
            refuse(
              named === isFolder ? BundlesTexts.duplicate(path) : BundlesTexts.fileAndFolder(path),
            ),
          );
        }
        seen.set(path, isFolder);
        if (!isFolder && folders.has(path)) {
          return reject(refuse(BundlesTexts.fileAndFolder(path)));
        }
        const parents = path.split("/").slice(0, -1);
        for (let i = 1; i <= parents.length; i += 1) {
          const parent = parents.slice(0, i).join("/");
          if (files.has(parent)) return reject(refuse(BundlesTexts.fileAndFolder(parent)));
          folders.add(parent);
        }
        if (isFolder) folders.add(path);
        else files.add(path);
        entries.push({ entry, path, isFolder });
        if (entries.length > limits.maxEntries) {
          return reject(refuse(BundlesTexts.tooManyEntries(limits.maxEntries)));
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** The folder the app is in: "" when index.html is at the root, "top/" for a single top folder. */
function rootOf(entries: Listed[]): string {
  const files = entries.filter((listed) => !listed.isFolder).map((listed) => listed.path);
  if (files.includes("index.html")) return "";
  const tops = new Set(entries.map((listed) => listed.path.split("/")[0]));
  const [top] = [...tops];
  if (tops.size === 1 && top && files.includes(`${top}/index.html`)) return `${top}/`;
  throw refuse(BundlesTexts.noIndex);
}

export type CheckedBundle = {
  unpackedSize: number;
  fileCount: number;
  sha256: string;
  size: number;
};

/**
 * Checks an uploaded zip by its content and writes it again, index.html at its root (a single
 * top folder is stripped): names first (unsafe paths, links, duplicates, encrypted entries,
 * count), then every file inflated and counted as it flows (total size, and a ratio check per
 * file against zip bombs; sizes that lie to the central directory are refused by yauzl).
 * Throws an AppError with the refusal's own message.
 *
 * The re-pack is streamed to `write` (storage.put) as it is made: one entry is open at a time
 * (yazl asks for each when it reaches it), each flows yauzl → checks → deflate → `write` with
 * backpressure, so memory stays flat whatever the bundle's size (four 50 MB uploads at once took
 * the server from 400 to 619 MB when whole files and the compressed zip were held). A refusal
 * met half-way fails `write`'s body, which leaves nothing stored.
 */
export async function checkAndRepackBundle(options: {
  file: string;
  limits: BundleLimits;
  write: (body: Readable) => Promise<unknown>;
}): Promise<CheckedBundle> {
  const { limits } = options;
  const entries = await listEntries(options.file, limits);
  const root = rootOf(entries);
  // Sorted by name (code-unit order): the same files always give the same zip, byte for byte
  // (fixed timestamps below) — an over-the-air update's hash and signature are stable.
  const files = entries
    .filter((listed) => !listed.isFolder)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  const zip = await openZip(options.file);
  const output = new yazl.ZipFile();
  const hash = createHash("sha256");
  let size = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  // Set from the streams' callbacks: the first refusal, and the entry being read.
  const state: { failure: AppError | null; reading: { destroy: () => void } | null } = {
    failure: null,
    reading: null,
  };
  const fail = (error: unknown) => {
    if (state.failure) return;
    state.failure = error instanceof AppError ? error : refuse(BundlesTexts.corrupt);
    body.destroy(state.failure);
  };
  output.on("error", fail);
  output.outputStream.on("error", fail);
  output.outputStream.pipe(body);

  let total = 0;
  for (const { entry, path } of files) {
    output.addReadStreamLazy(
      path.slice(root.length),
      { mtime: FIXED_TIME, compress: true },
      (give) =>
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return fail(error);
          let inflated = 0;
          const checked = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              inflated += chunk.length;
              total += chunk.length;
              if (total > limits.maxUnpackedBytes) {
                return done(
                  refuse(BundlesTexts.tooLarge(Math.round(limits.maxUnpackedBytes / 1024 / 1024))),
                );
              }
              if (
                inflated > RATIO_FLOOR &&
                inflated > MAX_RATIO * Math.max(1, entry.compressedSize)
              ) {
                return done(refuse(BundlesTexts.zipBomb));
              }
              done(null, chunk);
            },
          });
          stream.on("error", fail);
          checked.on("error", fail);
          state.reading = stream as unknown as { destroy: () => void };
          give(null, stream.pipe(checked));
        }),
    );
  }
  output.end();
  try {
    await options.write(body);
  } catch (error) {
    throw state.failure ?? error;
  } finally {
    // What a refusal left open: the entry being read (it holds the zip's file) and the output.
    state.reading?.destroy();
    (output.outputStream as unknown as Readable).destroy();
    zip.close();
  }
  if (state.failure) throw state.failure;
  return { unpackedSize: total, fileCount: files.length, sha256: hash.digest("hex"), size };
}
