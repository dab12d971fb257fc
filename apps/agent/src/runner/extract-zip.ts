import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { AgentsTexts } from "@hybridge/shared/agents/texts";
import yauzl from "yauzl";

/** A bundle's largest unpacked size here; the server checks its own limits at upload. */
const MAX_UNPACKED = 512 * 1024 * 1024;

/**
 * Unpacks a web bundle (the zip the server serves: index.html at its root) into `dir`. The
 * server checked it at upload; this refuses again what could write outside `dir`.
 */
export async function extractZip(zipFile: string, dir: string): Promise<number> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipFile, { lazyEntries: true, validateEntrySizes: true }, (error, opened) =>
      error || !opened ? reject(error ?? new Error("no zip")) : resolve(opened),
    ),
  );
  const root = path.resolve(dir);
  let total = 0;
  let files = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", reject);
      zip.on("end", () => resolve());
      zip.on("entry", (entry: yauzl.Entry) => {
        const name = entry.fileName;
        const target = path.resolve(root, name);
        if (
          name.includes("\\") ||
          path.isAbsolute(name) ||
          !target.startsWith(`${root}${path.sep}`)
        ) {
          reject(new Error(AgentsTexts.bundleUnsafePath(name)));
          return;
        }
        if (name.endsWith("/")) {
          mkdir(target, { recursive: true }).then(() => zip.readEntry(), reject);
          return;
        }
        total += entry.uncompressedSize;
        if (total > MAX_UNPACKED) {
          reject(new Error(AgentsTexts.bundleTooLarge));
          return;
        }
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) {
            reject(error ?? new Error("no stream"));
            return;
          }
          mkdir(path.dirname(target), { recursive: true })
            .then(() => pipeline(stream, createWriteStream(target, { flags: "wx" })))
            .then(() => {
              files += 1;
              zip.readEntry();
            }, reject);
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return files;
}
