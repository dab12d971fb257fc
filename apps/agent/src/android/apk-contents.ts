import { createWriteStream } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { buffer } from "node:stream/consumers";
import { finished } from "node:stream/promises";
import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import yauzl from "yauzl";
import yazl from "yazl";
import { AndroidBuildError } from "./errors";

/** Where the shell finds the bundle, which it serves as https://localhost/. */
export const BUNDLE_ASSETS_PREFIX = "assets/www/";

/**
 * Folders and files a bundle leaves out. Every other file goes into the APK byte for byte,
 * dotfiles and `_`-prefixed folders included (`.well-known/`, `_next/`), which aapt's own asset
 * packing would drop: version control history and the desktop's clutter are not the web app.
 */
const LEFT_OUT_FOLDERS = new Set([".git", ".svn", ".hg"]);
const LEFT_OUT_FILES = new Set([".DS_Store", "Thumbs.db", "desktop.ini"]);

/** Formats that are compressed already: stored as they are, like aapt does. */
const STORED_EXTENSIONS =
  /\.(png|jpe?g|gif|webp|avif|ico|mp3|m4a|aac|ogg|oga|opus|wav|mp4|m4v|webm|ogv|woff2?|zip|gz|br|zst)$/i;

/** A fixed time for every entry, so that the same inputs give the same APK. */
const ENTRY_TIME = new Date(2008, 0, 1);

export interface BundleFile {
  /** Path inside the bundle, with forward slashes. */
  path: string;
  absolutePath: string;
}

/**
 * The files of a web bundle folder, in a stable order. Refuses a bundle without a top-level
 * index.html (the shell opens it), one holding a symbolic link (it could point anywhere on
 * this machine), and names an APK cannot hold.
 */
export async function listBundleFiles(
  dir: string,
  onLog: (line: string) => void,
): Promise<BundleFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: BundleFile[] = [];
  for (const entry of entries) {
    const absolutePath = join(entry.parentPath, entry.name);
    const path = relative(dir, absolutePath).split(sep).join("/");
    const segments = path.split("/");
    if (segments.some((segment) => LEFT_OUT_FOLDERS.has(segment))) continue;
    if (entry.isSymbolicLink()) {
      throw new AndroidBuildError("BAD_BUNDLE", AndroidBuildTexts.bundleLink(path));
    }
    if (!entry.isFile()) continue;
    if (LEFT_OUT_FILES.has(entry.name)) {
      onLog(`left out of the bundle: ${path}`);
      continue;
    }
    if (path.includes("\\") || Buffer.byteLength(path) > 4000) {
      throw new AndroidBuildError("BAD_BUNDLE", AndroidBuildTexts.bundleBadName(path));
    }
    files.push({ path, absolutePath });
  }
  if (!files.some((file) => file.path === "index.html")) {
    throw new AndroidBuildError("BAD_BUNDLE", AndroidBuildTexts.bundleWithoutIndex);
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Writes the unsigned APK: aapt's output (manifest, resources.arsc, res/) entry by entry with
 * its compression kept, then classes.dex, then the bundle under assets/www/. The zip is written
 * here rather than by aapt, so that the bundle's names never reach a command line and its
 * bytes go in exactly as uploaded.
 */
export async function writeUnsignedApk(input: {
  resourcesApk: string;
  dex: Buffer;
  bundle: BundleFile[];
  /** Files beside assets/www/ (assets/hybridge.json): the APK path and the bytes. */
  extraFiles?: readonly { path: string; data: Buffer }[];
  out: string;
}): Promise<void> {
  const resources = await readZipEntries(input.resourcesApk);
  const zip = new yazl.ZipFile();
  const output = createWriteStream(input.out);
  const failed = new Promise<never>((_, reject) =>
    zip.on("error", (error) => {
      output.destroy();
      reject(error);
    }),
  );
  const written = finished(zip.outputStream.pipe(output));

  for (const [i, entry] of resources.entries()) {
    zip.addBuffer(entry.data, entry.name, { compress: entry.compressed, mtime: ENTRY_TIME });
    // classes.dex right after the manifest, where Android's own tools put it.
    if (i === 0) zip.addBuffer(input.dex, "classes.dex", { mtime: ENTRY_TIME });
  }
  for (const file of input.bundle) {
    zip.addFile(file.absolutePath, BUNDLE_ASSETS_PREFIX + file.path, {
      compress: !STORED_EXTENSIONS.test(file.path),
      mtime: ENTRY_TIME,
      mode: 0o100644,
    });
  }
  for (const file of input.extraFiles ?? []) {
    zip.addBuffer(file.data, file.path, { mtime: ENTRY_TIME, mode: 0o100644 });
  }
  zip.end();
  await Promise.race([written, failed]);
}

/** Every entry of a zip with its bytes, the manifest first. */
async function readZipEntries(
  path: string,
): Promise<{ name: string; data: Buffer; compressed: boolean }[]> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  try {
    const entries: { name: string; data: Buffer; compressed: boolean }[] = [];
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      entries.push({
        name: entry.fileName,
        data: await buffer(await zip.openReadStreamPromise(entry)),
        compressed: entry.compressionMethod !== 0,
      });
    }
    const isManifest = (name: string) => Number(name === "AndroidManifest.xml");
    return entries.sort((a, b) => isManifest(b.name) - isManifest(a.name));
  } finally {
    zip.close();
  }
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      zip.off("entry", onEntry);
      zip.off("end", onEnd);
      zip.off("error", onError);
    };
    const onEntry = (entry: yauzl.Entry) => {
      cleanUp();
      resolve(entry);
    };
    const onEnd = () => {
      cleanUp();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    zip.on("entry", onEntry);
    zip.on("end", onEnd);
    zip.on("error", onError);
    zip.readEntry();
  });
}
