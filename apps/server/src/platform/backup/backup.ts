import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
} from "node:fs";
import { mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import yauzl from "yauzl";
import yazl from "yazl";
import { z } from "zod";
import type { Config } from "../config";
import { fetchSnapshot } from "./snapshot-socket";

/**
 * `npm run backup` and `npm run restore` (decision 061). One zip file: manifest.json (the format,
 * the moment, a SHA-256 per part) and the parts: the database (`database.tar`, PGlite's
 * directory as the running server gave it; or `database.dump`, pg_dump's custom format), the
 * generated `secret` when there is one, and `files/…`, the local storage folder.
 */
export const BACKUP_FORMAT = 1;

const ManifestSchema = z.object({
  format: z.number().int(),
  createdAt: z.iso.datetime(),
  database: z.enum(["pglite", "postgres"]),
  parts: z.array(
    z.object({ name: z.string().min(1), bytes: z.number().int(), sha256: z.string() }),
  ),
});
export type BackupManifest = z.infer<typeof ManifestSchema>;

export type Progress = (line: string) => void;

type BackupConfig = Pick<Config, "dataDir" | "databaseUrl" | "storage">;

/**
 * `snapshot`: the database's snapshot taken in this process (the scheduled backup, inside the
 * server); without it, the running server is asked for one.
 */
export async function backup(
  config: BackupConfig,
  file: string,
  progress: Progress,
  options: { snapshot?: () => Promise<Blob> } = {},
) {
  const target = path.resolve(file);
  mkdirSync(path.dirname(target), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(target), ".backup-"));
  try {
    const createdAt = new Date().toISOString();
    const database = config.databaseUrl ? "postgres" : "pglite";
    if (database === "pglite") {
      const tar = path.join(staging, "database.tar");
      if (options.snapshot) {
        progress("Copying the embedded database…");
        const blob = await options.snapshot();
        await pipeline(Readable.fromWeb(blob.stream() as never), createWriteStream(tar));
      } else {
        progress(`Copying the embedded database through the server running on ${config.dataDir}…`);
        await fetchSnapshot(config.dataDir, createWriteStream(tar));
      }
    } else {
      progress("Dumping the PostgreSQL database (pg_dump)…");
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--file",
        path.join(staging, "database.dump"),
        config.databaseUrl as string,
      ]);
    }
    const parts: { name: string; source: string }[] = [
      database === "pglite"
        ? { name: "database.tar", source: path.join(staging, "database.tar") }
        : { name: "database.dump", source: path.join(staging, "database.dump") },
    ];
    const secret = path.join(config.dataDir, "secret");
    if (existsSync(secret)) parts.push({ name: "secret", source: secret });
    if (config.storage.kind === "local") {
      // After the database: every file a row names was written before it (files are stored,
      // then their row), and the file sweep removes only files no row names.
      const root = config.storage.root;
      const files = existsSync(root) ? await listFiles(root) : [];
      progress(`Copying ${files.length} stored files from ${root}…`);
      for (const relative of files) {
        parts.push({ name: `files/${relative}`, source: path.join(root, relative) });
      }
    } else {
      progress(
        `The stored files are in the bucket ${config.storage.bucket}: its own versioning keeps them (see the README).`,
      );
    }
    const zip = new yazl.ZipFile();
    const listed: BackupManifest["parts"] = [];
    for (const part of parts) {
      const { sha256, bytes } = await hashFile(part.source);
      listed.push({ name: part.name, bytes, sha256 });
      zip.addFile(part.source, part.name, { compress: !part.name.startsWith("files/") });
    }
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt, database, parts: listed };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), "manifest.json");
    zip.end();
    const partial = path.join(staging, "backup.zip");
    await pipeline(zip.outputStream, createWriteStream(partial));
    await rename(partial, target);
    progress(`Backup written to ${target} (${listed.length} parts, taken at ${createdAt}).`);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

type RestoreConfig = Pick<Config, "dataDir" | "databaseUrl">;

export async function restore(config: RestoreConfig, file: string, progress: Progress) {
  const source = path.resolve(file);
  const dataDir = config.dataDir;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(
      `DATA_DIR ${dataDir} is not empty: a backup is restored into an empty one (move it away first).`,
    );
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // Everything lands here first; DATA_DIR appears whole, or not at all.
  const staging = path.join(
    path.dirname(dataDir),
    `.${path.basename(dataDir)}.restoring-${randomBytes(4).toString("hex")}`,
  );
  mkdirSync(staging, { mode: 0o700 });
  try {
    progress(`Checking ${source}…`);
    const manifest = await extract(source, staging);
    if (manifest.database === "pglite") {
      if (config.databaseUrl) {
        throw new Error(
          "This backup holds the embedded database: unset DATABASE_URL to restore it.",
        );
      }
      progress("Restoring the embedded database…");
      const tar = path.join(staging, "database.tar");
      const client = new PGlite({
        dataDir: path.join(staging, "pglite"),
        loadDataDir: new Blob([await readFile(tar)]),
      });
      await client.waitReady;
      await client.close();
      await rm(tar);
    } else {
      if (!config.databaseUrl) {
        throw new Error(
          "This backup holds a PostgreSQL database: set DATABASE_URL to an empty one.",
        );
      }
      await refuseNonEmptyDatabase(config.databaseUrl);
      progress("Restoring the PostgreSQL database (pg_restore)…");
      const dump = path.join(staging, "database.dump");
      await run("pg_restore", [
        "--single-transaction",
        "--exit-on-error",
        "--no-owner",
        "--dbname",
        config.databaseUrl,
        dump,
      ]);
      await rm(dump);
    }
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(staging, dataDir);
    progress(`Restored the backup taken at ${manifest.createdAt} into ${dataDir}.`);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Unpacks every part into `into`, checking each against the manifest before anything is used. */
async function extract(source: string, into: string): Promise<BackupManifest> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(source, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error
        ? reject(new Error(`${source} is not a Hybridge backup (${error.message}).`))
        : resolve(opened),
    ),
  );
  try {
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on("end", resolve);
      zip.on("error", reject);
      zip.readEntry();
    });
    const manifestEntry = entries.get("manifest.json");
    if (!manifestEntry) throw new Error(`${source} is not a Hybridge backup (no manifest.json).`);
    const chunks: Buffer[] = [];
    for await (const chunk of await openEntry(zip, manifestEntry)) chunks.push(chunk as Buffer);
    const parsed = ManifestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    if (!parsed.success) throw new Error(`${source} has an unreadable manifest.`);
    const manifest = parsed.data;
    if (manifest.format !== BACKUP_FORMAT) {
      throw new Error(
        `${source} is in backup format ${manifest.format}; this version restores format ${BACKUP_FORMAT}.`,
      );
    }
    for (const part of manifest.parts) {
      const entry = entries.get(part.name);
      const target = path.resolve(into, part.name);
      if (!entry || !target.startsWith(`${into}${path.sep}`)) {
        throw new Error(`${source} is damaged: the part ${part.name} is missing.`);
      }
      mkdirSync(path.dirname(target), { recursive: true });
      const hash = createHash("sha256");
      const stream = await openEntry(zip, entry);
      stream.on("data", (chunk: Buffer) => hash.update(chunk));
      await pipeline(stream, createWriteStream(target, { mode: 0o600 }));
      if (hash.digest("hex") !== part.sha256) {
        throw new Error(`${source} is damaged: the part ${part.name} does not match its checksum.`);
      }
    }
    return manifest;
  } finally {
    zip.close();
  }
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

async function refuseNonEmptyDatabase(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ tables: number }[]>`
      select count(*)::int as tables from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`;
    if ((row?.tables ?? 0) > 0) {
      throw new Error(
        "The database DATABASE_URL names is not empty: a backup is restored into an empty one.",
      );
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function listFiles(root: string, under = ""): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(root, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

async function hashFile(file: string) {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return { sha256: hash.digest("hex"), bytes: statSync(file).size };
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(`${command} is not installed: install PostgreSQL's client tools.`)
          : error,
      ),
    );
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} failed: ${stderr.trim().split("\n").pop() ?? code}`)),
    );
  });
}
