import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
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

/** Every entry of the central directory (no data is read), refusing unsafe ones by name. */
async function listEntries(file: string, limits: BundleLimits): Promise<yauzl.Entry[]> {
  const zip = await openZip(file);
  try {
    return await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const entries: yauzl.Entry[] = [];
      const seen = new Set<string>();
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
        const key = name.replace(/\/$/, "");
        if (seen.has(key)) return reject(refuse(BundlesTexts.duplicate(name)));
        seen.add(key);
        entries.push(entry);
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
function rootOf(entries: yauzl.Entry[]): string {
  const names = entries.map((entry) => entry.fileName);
  if (names.includes("index.html")) return "";
  const tops = new Set(names.map((name) => name.split("/")[0]));
  const [top] = [...tops];
  if (tops.size === 1 && top && names.includes(`${top}/index.html`)) return `${top}/`;
  throw refuse(BundlesTexts.noIndex);
}

export type CheckedBundle = {
  unpackedSize: number;
  fileCount: number;
  sha256: string;
  size: number;
};

/**
 * Checks an uploaded zip by its content and writes it again to `out`, index.html at its root
 * (a single top folder is stripped): names first (unsafe paths, links, duplicates, encrypted
 * entries, count), then every file inflated and counted as it flows (total size, and a ratio
 * check per file against zip bombs; sizes that lie to the central directory are refused by
 * yauzl). Throws an AppError with the refusal's own message.
 */
export async function checkAndRepackBundle(options: {
  file: string;
  out: string;
  limits: BundleLimits;
}): Promise<CheckedBundle> {
  const { limits } = options;
  const entries = await listEntries(options.file, limits);
  const root = rootOf(entries);
  const files = entries.filter((entry) => !entry.fileName.endsWith("/"));

  const output = new yazl.ZipFile();
  const hash = createHash("sha256");
  let size = 0;
  const written = pipeline(
    output.outputStream,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    }),
    createWriteStream(options.out),
  );

  const zip = await openZip(options.file);
  let total = 0;
  try {
    for (const entry of files) {
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) =>
          error || !opened ? reject(refuse(BundlesTexts.corrupt)) : resolve(opened),
        ),
      );
      const chunks: Buffer[] = [];
      let inflated = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          inflated += chunk.length;
          total += chunk.length;
          if (total > limits.maxUnpackedBytes) {
            throw refuse(BundlesTexts.tooLarge(Math.round(limits.maxUnpackedBytes / 1024 / 1024)));
          }
          if (inflated > RATIO_FLOOR && inflated > MAX_RATIO * Math.max(1, entry.compressedSize)) {
            throw refuse(BundlesTexts.zipBomb);
          }
          chunks.push(chunk);
        }
      } catch (error) {
        (stream as unknown as { destroy?: () => void }).destroy?.();
        if (error instanceof AppError) throw error;
        throw refuse(BundlesTexts.corrupt);
      }
      output.addBuffer(Buffer.concat(chunks), entry.fileName.slice(root.length), {
        mtime: FIXED_TIME,
        compress: true,
      });
    }
    output.end();
    await written;
  } catch (error) {
    (output.outputStream as unknown as { destroy: () => void }).destroy();
    await written.catch(() => {});
    throw error;
  } finally {
    zip.close();
  }
  return { unpackedSize: total, fileCount: files.length, sha256: hash.digest("hex"), size };
}
