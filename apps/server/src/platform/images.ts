import { loadSharp } from "@hybridge/agent/android";
import type { Metadata } from "sharp";
import { AppError } from "./errors";

/**
 * Raster uploads are decoded and written again by sharp (decision 029): what is stored is an
 * image this server produced — oriented, in sRGB, without metadata (EXIF and its GPS position,
 * XMP, ICC, text chunks), without bytes after its end, without anything a second format could
 * read in it. The original is never stored.
 */

/**
 * The most pixels an upload may have (40 megapixels: a 12-megapixel phone photo and a large
 * export pass; 8000×8000 does not), refused from the header before decoding. Decoded as RGBA it
 * is 160 MB at most.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The formats accepted as input: what phones and design tools produce and sharp decodes. */
const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp", "gif", "avif", "heif", "tiff"]);

export type ImageTarget = {
  /**
   * The stored format: PNG (icons: lossless), WebP (thumbnails), or `source`: a JPEG or WebP
   * stays one, anything else becomes a PNG (a document's file).
   */
  format: "png" | "webp" | "source";
  /** More pixels than this (read from the header) is refused before anything is decoded. */
  maxPixels: number;
  /** The image must be exactly this size once oriented (an icon). */
  exactSize?: { width: number; height: number };
  /** A larger image is scaled down to fit in this box (never up). */
  fitWithin?: { width: number; height: number };
  messages: {
    /** Not an image sharp can decode, or a format not accepted (an SVG, a PDF…). */
    notImage: string;
    /** More pixels than `maxPixels`. */
    tooManyPixels: string;
    /** Not `exactSize`. */
    wrongSize?: string;
  };
};

const OUTPUTS = {
  png: { contentType: "image/png", extension: "png" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  webp: { contentType: "image/webp", extension: "webp" },
} as const;
type OutputFormat = keyof typeof OUTPUTS;

export type EncodedImage = {
  body: Buffer;
  contentType: (typeof OUTPUTS)[OutputFormat]["contentType"];
  extension: (typeof OUTPUTS)[OutputFormat]["extension"];
  width: number;
  height: number;
};

/**
 * Reads the image's header, refuses it by format, pixel count or size before decoding, then
 * decodes (sharp's `limitInputPixels` as the backstop), orients and re-encodes it. Every refusal
 * is a 400 with the target's message.
 */
export async function reencodeImage(bytes: Buffer, target: ImageTarget): Promise<EncodedImage> {
  const { messages } = target;
  const sharp = await loadSharp();
  const input = () =>
    sharp(bytes, { limitInputPixels: target.maxPixels, failOn: "error", sequentialRead: true });
  let header: Metadata;
  try {
    // The header only (sharp reads no pixels for it): the limit is judged here, with our message.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw AppError.validation(messages.notImage);
  }
  if (!header.format || !ACCEPTED_FORMATS.has(header.format) || !header.width || !header.height) {
    throw AppError.validation(messages.notImage);
  }
  if (header.width * header.height > target.maxPixels) {
    throw AppError.validation(messages.tooManyPixels);
  }
  // EXIF orientations 5 to 8 turn the image a quarter: its shown width is its stored height.
  const turned = (header.orientation ?? 1) >= 5;
  const width = turned ? header.height : header.width;
  const height = turned ? header.width : header.height;
  if (
    target.exactSize &&
    (width !== target.exactSize.width || height !== target.exactSize.height)
  ) {
    throw AppError.validation(messages.wrongSize ?? messages.notImage);
  }

  let pipeline = input().autoOrient().toColourspace("srgb");
  if (target.fitWithin) {
    pipeline = pipeline.resize({
      width: target.fitWithin.width,
      height: target.fitWithin.height,
      fit: "inside",
      withoutEnlargement: true,
    });
  }
  const output: OutputFormat =
    target.format !== "source"
      ? target.format
      : header.format === "jpeg" || header.format === "webp"
        ? header.format
        : "png";
  pipeline =
    output === "png"
      ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
      : output === "jpeg"
        ? pipeline.jpeg({ quality: 88, mozjpeg: true })
        : pipeline.webp({ quality: 85, effort: 4 });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { body: data, ...OUTPUTS[output], width: info.width, height: info.height };
  } catch {
    // The header was readable but the image is not (truncated, corrupt).
    throw AppError.validation(messages.notImage);
  }
}
