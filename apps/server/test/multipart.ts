import { randomBytes } from "node:crypto";

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer | string; contentType?: string };

/** A multipart/form-data body, parts in the given order. */
export function multipart(parts: FormPart[]) {
  const boundary = `----hybridge${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ("value" in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? "application/octet-stream"}\r\n\r\n`,
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
