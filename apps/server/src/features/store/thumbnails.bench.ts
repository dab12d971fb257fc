import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, bench, describe } from "vitest";
import { createLocalStorage } from "../../platform/storage";
import { storeModuleMedia } from "./store-media";

// Issue 16's yardstick: from a 12-megapixel phone photo (4000×3000 JPEG, noisy like a real one,
// with its EXIF) to the stored thumbnail (decoded, oriented, scaled to 1600 px, WebP), and the
// process's peak RSS after the runs (printed at the end).
const root = mkdtempSync(path.join(tmpdir(), "hybridge-thumbnail-bench-"));
const storage = createLocalStorage(root);
const noise = Buffer.alloc(4000 * 3000 * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
const photo = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
  .jpeg({ quality: 55 })
  .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N" } })
  .toBuffer();
const rssBefore = process.memoryUsage().rss;

afterAll(() => {
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(
    `thumbnail bench: photo ${(photo.length / 1024 / 1024).toFixed(1)} MB; RSS before ${(rssBefore / 1024 / 1024).toFixed(0)} MB, peak ${(peak / 1024 / 1024).toFixed(0)} MB`,
  );
  rmSync(root, { recursive: true, force: true });
});

describe("module thumbnails", () => {
  bench(
    "12-megapixel photo → stored thumbnail",
    async () => {
      const stored = await storeModuleMedia({
        storage,
        upload: { kind: "thumbnail", fileName: "photo.jpg", stream: Readable.from([photo]) },
      });
      await storage.remove(stored.key);
    },
    { iterations: 10, time: 0 },
  );
});
