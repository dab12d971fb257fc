import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors";

export const MultipartTexts = {
  notMultipart: "Send the form as multipart/form-data.",
  fieldTooLong: "A form field is too long.",
  fieldsFirst: "Send the text fields before the files.",
  oneFilePerField: "Send one file per field.",
} as const;

/** One file of a request, not read yet; `kind` is what its field carries. */
export type FileUpload<K extends string> = { kind: K; fileName: string; stream: Readable };

type Part = Awaited<ReturnType<ReturnType<FastifyRequest["parts"]>["next"]>>["value"];

/**
 * A multipart request read in order, without buffering files: `readFields()` reads the text
 * fields up to the first file, then `files()` hands over each file stream, one at a time, for
 * the caller to consume. Text fields must come before the files. Needs @fastify/multipart
 * registered in the route's scope (each feature sets its own limits).
 */
export function openMultipartForm<K extends string>(
  request: FastifyRequest,
  options: {
    textFields: readonly string[];
    /** Each file field's name and the kind of file it carries; other file fields are skipped. */
    fileFields: Readonly<Record<string, K>>;
    maxFiles: number;
    /** The answer when a field holds two files. */
    duplicateFileMessage?: string;
  },
) {
  if (!request.isMultipart()) throw AppError.validation(MultipartTexts.notMultipart);
  const parts = request.parts({ limits: { files: options.maxFiles } });
  let pending: Part | undefined;

  return {
    async readFields(): Promise<Record<string, string>> {
      const fields: Record<string, string> = {};
      for (;;) {
        const next = await parts.next();
        if (next.done) return fields;
        const part = next.value;
        if (part.type === "file") {
          pending = part;
          return fields;
        }
        if (part.valueTruncated) throw AppError.validation(MultipartTexts.fieldTooLong);
        if (options.textFields.includes(part.fieldname) && typeof part.value === "string") {
          fields[part.fieldname] = part.value;
        }
      }
    },

    async *files(): AsyncGenerator<FileUpload<K>> {
      const seen = new Set<string>();
      for (;;) {
        let part = pending;
        pending = undefined;
        if (!part) {
          const next = await parts.next();
          if (next.done) return;
          part = next.value;
        }
        if (part.type === "field") {
          if (options.textFields.includes(part.fieldname)) {
            throw AppError.validation(MultipartTexts.fieldsFirst);
          }
          continue;
        }
        const kind = Object.hasOwn(options.fileFields, part.fieldname)
          ? options.fileFields[part.fieldname]
          : undefined;
        // An unknown file field, or a file input left empty: read past it.
        if (!kind || part.filename === "") {
          part.file.resume();
          continue;
        }
        if (seen.has(part.fieldname)) {
          part.file.resume();
          throw AppError.validation(options.duplicateFileMessage ?? MultipartTexts.oneFilePerField);
        }
        seen.add(part.fieldname);
        yield { kind, fileName: part.filename, stream: part.file };
        // Whatever the consumer did, the stream must end for the next part to come.
        part.file.resume();
      }
    },
  };
}

/** @fastify/multipart's own file size limit (the plugin's fileSize), should it trip first. */
export function isMultipartFileTooLarge(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE"
  );
}
