import { rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where a running server with the embedded database hands out a consistent snapshot of it
 * (decision 061): a Unix socket in DATA_DIR, readable by DATA_DIR's owner only. The PGlite
 * directory is locked by the server; `npm run backup` asks here instead of opening it.
 */
export function snapshotSocketPath(dataDir: string): string {
  return path.join(dataDir, "backup.sock");
}

/** Serves `snapshot()` (a tarball of the database's directory) to each connection. */
export async function serveSnapshots(options: {
  dataDir: string;
  snapshot: () => Promise<Blob>;
  onError: (error: unknown) => void;
}): Promise<{ close: () => Promise<void> }> {
  const file = snapshotSocketPath(options.dataDir);
  // A socket left by a crash; the data directory's lock says no other server runs here.
  rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    void options
      .snapshot()
      .then((blob) => {
        // Its length first: a snapshot cut short is told from a whole one.
        const size = Buffer.alloc(8);
        size.writeBigUInt64BE(BigInt(blob.size));
        socket.write(size);
        return pipeline(Readable.fromWeb(blob.stream() as never), socket);
      })
      .catch((error) => {
        options.onError(error);
        socket.destroy();
      });
  });
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(file, () => resolve());
    });
  } finally {
    process.umask(previous);
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(file, { force: true });
      }),
  };
}

/** Asks the server running on `dataDir` for a snapshot; written to `target`. */
export async function fetchSnapshot(dataDir: string, target: NodeJS.WritableStream) {
  let header = Buffer.alloc(0);
  let expected: bigint | null = null;
  let received = 0n;
  const framed = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let data = chunk;
      if (expected === null) {
        header = Buffer.concat([header, data]);
        if (header.length < 8) return done();
        expected = header.readBigUInt64BE(0);
        data = header.subarray(8);
      }
      received += BigInt(data.length);
      done(null, data);
    },
    flush(done) {
      done(
        expected !== null && received === expected
          ? null
          : new Error(`The server's database snapshot was cut short (${received} bytes).`),
      );
    },
  });
  const socket = net.createConnection(snapshotSocketPath(dataDir));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ECONNREFUSED") {
      throw new Error(
        `No Hybridge server is running on ${dataDir}: start it (the embedded database is copied through the running server).`,
      );
    }
    throw error;
  });
  await pipeline(socket, framed, target);
}
