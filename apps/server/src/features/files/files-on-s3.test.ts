import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from "../../../test/s3-server";
import { storedFileKeys } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { pngBytes } from "../../../test/test-images";
import { authed } from "../projects/test-support";
import {
  createTestModule,
  moduleFields,
  mp4Bytes,
  postModule,
  thumbnailPart,
  videoPart,
} from "../store/test-support";

let s3: TestS3Server;
let bucket: S3Client;
let onS3: TestApp;
let onDisk: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  [onS3, onDisk] = await Promise.all([createTestApp({ env: s3.env }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([onS3?.cleanup(), onDisk?.cleanup()]);
  bucket?.destroy();
  await s3?.close();
});

const objectsInBucket = async () =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? [])
    .map((o) => o.Key)
    .sort();

/** A store module with a thumbnail and a video, uploaded and then downloaded by its author. */
async function uploadAndDownload(app: TestApp) {
  const author = await createTestUser(app);
  const module = await createTestModule(app, author.cookie, {}, [
    thumbnailPart(),
    videoPart(mp4Bytes(64 * 1024)),
  ]);
  const get = (url: string) => app.inject({ url, headers: authed(author.cookie) });
  return {
    module,
    video: await get(module.videoUrl as string),
    thumbnail: await get(module.thumbnailUrl),
  };
}

const withoutDate = (headers: Record<string, unknown>) => {
  const { date: _, ...rest } = headers;
  return rest;
};

describe("files in an S3 bucket (STORAGE_URL)", () => {
  it("stores uploads in the bucket and serves them as from local disk: same bytes, same headers", async () => {
    const fromS3 = await uploadAndDownload(onS3);
    const fromDisk = await uploadAndDownload(onDisk);

    const keys = [fromS3.module.videoUrl, fromS3.module.thumbnailUrl].map((url) =>
      String(url).replace("/api/files/", ""),
    );
    expect(await objectsInBucket()).toEqual([...keys].sort());
    expect(storedFileKeys(onS3)).toEqual([]);

    expect(fromS3.video.statusCode).toBe(200);
    expect(fromS3.video.rawPayload.equals(mp4Bytes(64 * 1024))).toBe(true);
    expect(withoutDate(fromS3.video.headers)).toEqual(withoutDate(fromDisk.video.headers));
    expect(fromS3.video.headers).toMatchObject({
      "content-type": "video/mp4",
      "content-length": String(mp4Bytes(64 * 1024).length),
      "x-content-type-options": "nosniff",
    });
    // The server's own WebP of the thumbnail, the same on both.
    expect(fromS3.thumbnail.rawPayload.equals(fromDisk.thumbnail.rawPayload)).toBe(true);
    expect(withoutDate(fromS3.thumbnail.headers)).toEqual(withoutDate(fromDisk.thumbnail.headers));

    // A video refused by its content check leaves nothing in the bucket, its thumbnail neither.
    const author = await createTestUser(onS3);
    const refused = await postModule(onS3, author.cookie, moduleFields(), [
      thumbnailPart(),
      videoPart(pngBytes(8, 8), "demo.mp4"),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(await objectsInBucket()).toEqual([...keys].sort());
  });
});
