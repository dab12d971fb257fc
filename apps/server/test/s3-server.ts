/// <reference path="./s3rver.d.ts" />
import crypto from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import S3rver from "s3rver";

/** The only key pair s3rver takes. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export type TestS3Server = {
  /** The STORAGE_URL of the bucket. */
  url: string;
  endpoint: string;
  bucket: string;
  region: string;
  /** What loadConfig needs to store files there: STORAGE_URL and the key pair. */
  env: { STORAGE_URL: string; AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string };
  /** Every request the server got so far, as "METHOD /path?query" (e.g. to see parts). */
  requests: () => string[];
  close: () => Promise<void>;
};

/**
 * An S3-compatible server (s3rver) on a free port of 127.0.0.1, keeping its objects in a new
 * temporary folder, with `bucket` created. `close` stops it and removes the folder. Free of
 * vitest: usable from any script (`tsx apps/server/test/s3-server.ts` runs one until Ctrl-C).
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  letS3rverPaginate();
  const bucket = options.bucket ?? "hybridge-test";
  const region = "us-east-1";
  const directory = await mkdtemp(path.join(tmpdir(), "hybridge-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const requests: string[] = [];
  server.httpServer?.on("request", (request: IncomingMessage) => {
    requests.push(`${request.method} ${request.url}`);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const url = `s3://${bucket}?endpoint=${endpoint}&region=${region}`;
  return {
    url,
    endpoint,
    bucket,
    region,
    env: {
      STORAGE_URL: url,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    requests: () => [...requests],
    async close() {
      const closed = server.close();
      // Keep-alive and unfinished downloads would hold close() open.
      server.httpServer?.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver 3.7.1 encrypts its ListObjectsV2 continuation tokens with DES, which the OpenSSL 3 of
 * Node 17 and later refuses without --openssl-legacy-provider: every listing longer than one
 * page would fail with InternalError. The tokens only need to come back as they were given, so
 * in this process "des" becomes a cipher that leaves the bytes as they are. Nothing else is
 * touched, and nothing else could have used DES here.
 */
function letS3rverPaginate() {
  try {
    crypto.createCipheriv("des", Buffer.alloc(8), Buffer.alloc(8));
    return;
  } catch {
    // Refused: shimmed below.
  }
  const asIs = () => ({
    update: (data: string | Buffer, encoding?: BufferEncoding) =>
      typeof data === "string" ? Buffer.from(data, encoding) : data,
    final: () => Buffer.alloc(0),
  });
  const { createCipheriv, createDecipheriv } = crypto;
  Object.assign(crypto, {
    createCipheriv: (algorithm: string, ...rest: unknown[]) =>
      algorithm === "des"
        ? asIs()
        : (createCipheriv as (...args: unknown[]) => unknown)(algorithm, ...rest),
    createDecipheriv: (algorithm: string, ...rest: unknown[]) =>
      algorithm === "des"
        ? asIs()
        : (createDecipheriv as (...args: unknown[]) => unknown)(algorithm, ...rest),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const s3 = await startS3Server();
  console.log(`STORAGE_URL=${s3.url}`);
  console.log(`AWS_ACCESS_KEY_ID=${s3.env.AWS_ACCESS_KEY_ID}`);
  console.log(`AWS_SECRET_ACCESS_KEY=${s3.env.AWS_SECRET_ACCESS_KEY}`);
  process.once("SIGINT", () => void s3.close().then(() => process.exit(0)));
}
