import { randomBytes } from "node:crypto";

/** A part of a form; without a `name`, its Content-Disposition names none (a malformed form). */
export type FormPart =
  | { name?: string; value: string }
  | { name?: string; filename: string; data: Buffer | string; contentType?: string };

/**
 * A file name as a Content-Disposition parameter: quoted when it is printable ASCII, else
 * percent-encoded UTF-8 (RFC 5987 `filename*`), which can carry any character, a NUL included.
 */
const fileNameParam = (filename: string) =>
  /^[\x20-\x7e]*$/.test(filename) && !filename.includes('"')
    ? `filename="${filename}"`
    : `filename*=utf-8''${encodeURIComponent(filename)}`;

/** A multipart/form-data body, parts in the given order. */
export function multipart(parts: FormPart[]) {
  const boundary = `----hybridge${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    const disposition = `Content-Disposition: form-data${part.name === undefined ? "" : `; name="${part.name}"`}`;
    if ("value" in part) {
      chunks.push(Buffer.from(`${disposition}\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `${disposition}; ${fileNameParam(part.filename)}\r\nContent-Type: ${part.contentType ?? "application/octet-stream"}\r\n\r\n`,
        ),
        Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
