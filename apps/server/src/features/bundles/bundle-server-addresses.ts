import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { findLoopbackUrls } from "@hybridge/shared/builds/phone-address";
import type { Bundle } from "@hybridge/shared/bundles/schemas";
import yauzl from "yauzl";
import type { Db } from "../../platform/db/client";
import type { Storage } from "../../platform/storage";
import { openBundle } from "./open-bundle";

/** The files a bundle's server address is written in once built (Vite inlines import.meta.env). */
const CODE_FILE = /\.(?:m?js|cjs|html?)$/i;
/** Bundles whose answer is kept: a bundle never changes, so its answer never does. */
const REMEMBERED = 256;

/**
 * The server addresses a phone cannot reach (localhost, 127.x, [::1], 0.0.0.0) written in a stored
 * bundle's code (decision 058): the app's HYBRIDGE_SERVER, inlined by the scaffold's Vite. Read
 * from the stored zip once per bundle and process, by a text search (findLoopbackUrls) — an address
 * the app builds at run time is not seen. The console and the deploy warn with it before a build.
 */
export function createBundleAddressScanner(deps: { db: Db; storage: Storage }) {
  const remembered = new Map<string, Promise<string[]>>();
  const scan = (bundleId: string): Promise<string[]> => {
    const known = remembered.get(bundleId);
    if (known) return known;
    const found = scanStoredBundle(deps, bundleId).catch(() => {
      remembered.delete(bundleId);
      return [];
    });
    remembered.set(bundleId, found);
    if (remembered.size > REMEMBERED) {
      const oldest = remembered.keys().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
    return found;
  };
  return {
    scan,
    /** The bundle as the API shows it, with the addresses a phone cannot reach. */
    async withServerAddresses(bundle: Bundle): Promise<Bundle> {
      return { ...bundle, loopbackServers: await scan(bundle.id) };
    },
  };
}

async function scanStoredBundle(deps: { db: Db; storage: Storage }, bundleId: string) {
  const opened = await openBundle(deps.db, deps.storage, bundleId);
  if (!opened) return [];
  const work = await mkdtemp(path.join(tmpdir(), "hybridge-bundle-scan-"));
  try {
    const file = path.join(work, "bundle.zip");
    await pipeline(opened.stream, createWriteStream(file));
    return await scanZip(file);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function scanZip(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const found = new Set<string>();
      zip.on("error", reject);
      zip.on("end", () => resolve([...found].sort()));
      zip.on("entry", (entry: yauzl.Entry) => {
        if (!CODE_FILE.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          // One file's text at a time (the upload's limits bound it), read whole: an address
          // is never split between two chunks.
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            for (const url of findLoopbackUrls(Buffer.concat(chunks).toString("utf8"))) {
              found.add(url);
            }
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
