import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { isKey, type Storage, type StoredObject } from "./storage";

export type S3StorageOptions = {
  bucket: string;
  /** An S3-compatible store's address (MinIO, R2, s3rver…); unset: AWS itself. */
  endpoint?: string;
  region: string;
  /** `bucket` in the path rather than the host name; on by default with an endpoint. */
  forcePathStyle?: boolean;
  /** What every key starts with in the bucket (`hybridge/`), so that the bucket can be shared. */
  prefix?: string;
  /** Unset: the SDK's default chain (its own variables, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Bytes per multipart part (5 MiB at least, S3's minimum); a smaller body is one PutObject. */
  partSize?: number;
  /** Parts sent at once; memory per upload is about partSize × (queueSize + 1). */
  queueSize?: number;
  /** Keys per ListObjectsV2 page (S3's maximum, 1000, by default; small in tests). */
  listPageSize?: number;
};

const MIN_PART_SIZE = 5 * 1024 * 1024;

/** An S3 error's name and HTTP status (the SDK's ServiceException, or nothing). */
const s3Error = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return { name: e?.name, status: e?.$metadata?.httpStatusCode };
};

/**
 * Files in an S3 bucket (decision 030), under the same keys and rules as on local disk. `put`
 * streams the body as a multipart upload (parts of `partSize`, `queueSize` at a time, so memory
 * stays bounded whatever the size); `open` streams GetObject's body. Nothing is written under a
 * key until the upload is whole: a failed upload is aborted and leaves no object, and its own
 * error — the body's, when the body failed — is what `put` throws.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const prefix = options.prefix ?? "";
  const partSize = Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE);
  const queueSize = options.queueSize ?? 2;
  const listPageSize = options.listPageSize ?? 1000;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // The SDK's default since 2025 adds CRC32 checksum headers to every upload, which some
    // S3-compatible stores refuse (s3rver ignores them). Each part is a buffer whose SHA-256 the
    // request's signature covers (x-amz-content-sha256): integrity does not depend on them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A download holds its connection while the client reads; more than the SDK's 50 at once
    // must not make every other request wait.
    requestHandler: {
      connectionTimeout: 5000,
      httpAgent: { maxSockets: 256 },
      httpsAgent: { maxSockets: 256 },
    },
  });
  const objectKey = (key: string) => {
    if (!isKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return `${prefix}${key}`;
  };

  return {
    async put(key, body) {
      const Key = objectKey(key);
      let size = 0;
      // The body's own failure (UploadTooLargeError, UploadRefusedError, UploadReadError…), kept
      // so that it is what `put` throws: lib-storage throws whichever of its part senders failed
      // first (a part's request may fail after the body did), and when it aborts by itself, the
      // abort's failure instead (s3rver has no abort).
      let bodyFailure: { error: unknown } | null = null;
      const counted = Readable.from(
        (async function* () {
          try {
            for await (const chunk of body) {
              const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
              size += bytes.length;
              yield bytes;
            }
          } catch (error) {
            bodyFailure = { error };
            throw error;
          }
        })(),
        { objectMode: false },
      );
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key, Body: counted },
        partSize,
        queueSize,
        // Aborted below instead, so that a failing abort cannot hide the upload's own error.
        leavePartsOnError: true,
      });
      try {
        await upload.done();
      } catch (error) {
        // Stops reading the body (and destroys it) if the upload failed on S3's side.
        counted.destroy();
        if (upload.uploadId) {
          // Best effort: parts left by a failed abort are invisible to `list` and `open`; a
          // bucket lifecycle rule removes them (decision 030).
          await client
            .send(
              new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId: upload.uploadId }),
            )
            .catch(() => {});
        }
        throw bodyFailure ? (bodyFailure as { error: unknown }).error : error;
      }
      return { size };
    },
    async open(key) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        );
        if (!(object.Body instanceof Readable)) throw new Error("GetObject gave no stream");
        return { stream: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (s3Error(error).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        // HEAD has no body: a missing key is only its status.
        if (s3Error(error).status === 404) return false;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers 204 whether or not the key existed.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async *list(): AsyncGenerator<StoredObject> {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            ...(prefix ? { Prefix: prefix } : {}),
            ContinuationToken: token,
            MaxKeys: listPageSize,
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          if (key && isKey(key) && object.LastModified) {
            yield { key, modifiedAt: object.LastModified };
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async probe() {
      // Outside every key's shape: never taken for an upload, never listed.
      const Key = `${prefix}.probe-${randomUUID()}`;
      await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: "probe" }));
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    },
    async close() {
      client.destroy();
    },
  };
}
