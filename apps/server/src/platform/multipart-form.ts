import type { Readable } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import { isAllowedText, printableFieldName } from "@hybridge/shared/common/characters";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { CharacterTexts, MultipartTexts } from "@hybridge/shared/common/texts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import { AppError } from "./errors";
import { fieldErrorMap, parseJsonField } from "./validation";

const FIELD_ERRORS = fieldErrorMap();

/**
 * A multipart route declares its form's text fields in its config (`config: { multipartForm }`):
 * openMultipartForm reads them from there, and whatever walks the route table (the bad-input
 * test) sees them. `jsonFields`, among them, hold JSON text, parsed and checked as a JSON body
 * is (validation.ts, parseJsonField).
 */
export type MultipartFormConfig = {
  textFields: readonly string[];
  jsonFields?: readonly string[];
};

declare module "fastify" {
  interface FastifyContextConfig {
    multipartForm?: MultipartFormConfig;
  }
}

/** One file of a request, not read yet; `kind` is what its field carries. */
export type FileUpload<K extends string> = { kind: K; fileName: string; stream: Readable };

type Part = Awaited<ReturnType<ReturnType<FastifyRequest["parts"]>["next"]>>["value"];
type FilePart = Extract<Part, { type: "file" }>;
type Limits = {
  fieldNameSize: number;
  fieldSize: number;
  fields: number;
  files: number;
  parts: number;
  headerPairs: number;
  /** The parser's own file size limit: a backstop above the largest file the scope takes. */
  fileSize: number;
};

/**
 * Registers @fastify/multipart in a feature's scope (each feature sets its own limits). A form
 * can be refused before the client has sent all of it (a file under an unknown name, a file
 * refused at its first bytes or over its limit): what is left is not read, and the answer
 * closes the connection (`platform/early-answer.ts`) rather than reading up to 100 MB only to
 * throw it away.
 */
export async function registerMultipart(app: FastifyInstance, limits: Limits) {
  await app.register(fastifyMultipart, { throwFileSizeLimit: true, limits });
}

/**
 * What a failure of @fastify/multipart (or of the busboy parser under it) means for the client,
 * in our `{ code, message }` shape: its own texts ("request file too large", "reach parts
 * limit"…) are not for users.
 */
export function multipartError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new AppError(ErrorCodes.PAYLOAD_TOO_LARGE, MultipartTexts.fileTooLarge);
    case "FST_PARTS_LIMIT":
    case "FST_FILES_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new AppError(ErrorCodes.PAYLOAD_TOO_LARGE, MultipartTexts.tooManyParts);
    case "FST_PROTO_VIOLATION":
      return AppError.validation(MultipartTexts.reservedName);
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return AppError.validation(MultipartTexts.notMultipart);
    default:
      // A truncated or malformed body, or a client that went away mid-request.
      return AppError.validation(MultipartTexts.malformed);
  }
}

/** @fastify/multipart's own file size limit (the plugin's fileSize), should it trip first. */
export function isMultipartFileTooLarge(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE"
  );
}

/**
 * A text field's name and value, like a JSON body's keys and strings (validation.ts): never a
 * control character or a lone surrogate; the value may hold line breaks, which the form's
 * schema refuses in its single-line fields.
 */
function refuseDisallowedText(name: string, value: unknown) {
  if (!isAllowedText(name, "single-line")) {
    throw AppError.validation(CharacterTexts.notAllowed(printableFieldName(name)));
  }
  if (typeof value === "string" && !isAllowedText(value, "multi-line")) {
    throw AppError.validation(CharacterTexts.notAllowed(printableFieldName(name)));
  }
}

/**
 * A whole uploaded file in memory, up to `maxBytes` (an image to decode: a few MB at most). Over
 * it, `tooLarge()` is thrown without reading the rest; the plugin's own limit means the same.
 */
export async function readWholeFile(
  stream: Readable,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        stream.destroy();
        throw tooLarge();
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isMultipartFileTooLarge(error)) throw tooLarge();
    throw multipartError(error);
  }
  return Buffer.concat(chunks);
}

/** True when a file part holds no byte (an empty file input); a part with bytes is destroyed. */
async function isEmpty(stream: Readable): Promise<boolean> {
  try {
    for await (const chunk of stream) {
      if ((chunk as Buffer).length > 0) return false; // leaving the loop destroys the stream
    }
    return true;
  } catch (error) {
    throw multipartError(error);
  }
}

/**
 * A multipart request read in order, without buffering files: `readFields()` reads the text
 * fields (those of the route's `config.multipartForm`) up to the first file, then `files()`
 * hands over each file stream, one at a time, for the caller to consume. Text fields must come
 * before the files. A file under a field name the form does not take, or a second file in a
 * field, is refused at once, without reading it. Needs registerMultipart in the route's scope.
 */
export function openMultipartForm<K extends string>(
  request: FastifyRequest,
  options: {
    /** Each file field's name and the kind of file it carries; any other file is refused. */
    fileFields: Readonly<Record<string, K>>;
    maxFiles: number;
    /** The answer when a field holds two files. */
    duplicateFileMessage?: string;
  },
) {
  const form = request.routeOptions.config.multipartForm;
  if (!form) throw new Error(`${request.routeOptions.url} declares no config.multipartForm`);
  const { textFields, jsonFields = [] } = form;
  if (!request.isMultipart()) throw AppError.validation(MultipartTexts.notMultipart);
  const parts = request.parts({ limits: { files: options.maxFiles } });
  const expected = Object.keys(options.fileFields);
  let pending: Part | undefined;

  const next = async (): Promise<Part | undefined> => {
    let part: Part | undefined;
    try {
      const result = await parts.next();
      part = result.done ? undefined : result.value;
    } catch (error) {
      throw multipartError(error);
    }
    // A part whose Content-Disposition names nothing: no field it could be.
    if (part && typeof part.fieldname !== "string") {
      if (part.type === "file") part.file.destroy();
      throw AppError.validation(MultipartTexts.unnamedPart);
    }
    return part;
  };

  /** The file's kind, or a refusal for a field this form does not take. */
  const kindOf = (part: FilePart): K => {
    if (!Object.hasOwn(options.fileFields, part.fieldname)) {
      part.file.destroy();
      throw AppError.validation(
        MultipartTexts.unexpectedFile(printableFieldName(part.fieldname), expected),
      );
    }
    return options.fileFields[part.fieldname] as K;
  };

  const readFields = async (): Promise<Record<string, unknown>> => {
    const fields: Record<string, unknown> = {};
    for (;;) {
      const part = await next();
      if (!part) return fields;
      if (part.type === "file") {
        kindOf(part);
        pending = part;
        return fields;
      }
      if (part.valueTruncated) throw AppError.validation(MultipartTexts.fieldTooLong);
      refuseDisallowedText(part.fieldname, part.value);
      if (textFields.includes(part.fieldname) && typeof part.value === "string") {
        fields[part.fieldname] = jsonFields.includes(part.fieldname)
          ? parseJsonField(request.server, part.fieldname, part.value)
          : part.value;
      }
    }
  };

  return {
    readFields,

    /**
     * The text fields (see readFields), parsed by the form's schema from packages/shared: the
     * first issue answers 400 with the schema's message, or one that names the field.
     */
    async parseFields<T>(schema: ZodType<T>): Promise<T> {
      const parsed = schema.safeParse(await readFields(), { error: FIELD_ERRORS });
      if (parsed.success) return parsed.data;
      throw AppError.validation(parsed.error.issues[0]?.message ?? MultipartTexts.malformed);
    },

    async *files(): AsyncGenerator<FileUpload<K>> {
      const seen = new Set<string>();
      for (;;) {
        const part = pending ?? (await next());
        pending = undefined;
        if (!part) return;
        if (part.type === "field") {
          if (textFields.includes(part.fieldname)) {
            throw AppError.validation(MultipartTexts.fieldsFirst);
          }
          continue;
        }
        const kind = kindOf(part);
        if (part.filename === "") {
          // A file input left empty: nothing to store, but nothing may hide in it either.
          if (!(await isEmpty(part.file))) throw AppError.validation(MultipartTexts.unnamedFile);
          continue;
        }
        if (!isAllowedText(part.filename, "single-line")) {
          part.file.destroy();
          throw AppError.validation(CharacterTexts.notAllowedInFileName(part.fieldname));
        }
        if (seen.has(part.fieldname)) {
          part.file.destroy();
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
