import { EventEmitter } from "node:events";
import {
  isAllowedText,
  printableFieldName,
  type TextKind,
} from "@hybridge/shared/common/characters";
import { jsonNestsDeeperThan } from "@hybridge/shared/common/json";
import { CharacterTexts, JsonTexts } from "@hybridge/shared/common/texts";
import type { FastifyInstance, FastifySchemaCompiler, FastifySchemaValidationError } from "fastify";
import { type $ZodErrorMap, type $ZodIssue, type $ZodType, safeParse } from "zod/v4/core";
import { AppError } from "./errors";

type RawIssue = Parameters<$ZodErrorMap>[0];

const FORMAT_NAMES: Record<string, string> = {
  email: "e-mail address",
  url: "URL",
  uuid: "UUID",
  datetime: "date and time",
  date: "date",
  regex: "value",
};

const count = (n: number | bigint, unit: string) => `${n} ${unit}${n === 1 || n === 1n ? "" : "s"}`;
const UNITS: Record<string, string> = { string: "character", array: "item", set: "item" };

function problem(issue: RawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null
        ? "is required"
        : `must be of type ${issue.expected}`;
    case "too_small": {
      const unit = UNITS[issue.origin];
      if (unit && Number(issue.minimum) === 1) return "is required";
      if (unit) return `must have at least ${count(issue.minimum, unit)}`;
      return `must be ${issue.inclusive === false ? "greater than" : "at least"} ${issue.minimum}`;
    }
    case "too_big": {
      const unit = UNITS[issue.origin];
      if (unit) return `must have at most ${count(issue.maximum, unit)}`;
      return `must be ${issue.inclusive === false ? "less than" : "at most"} ${issue.maximum}`;
    }
    case "invalid_format":
      return `is not a valid ${FORMAT_NAMES[issue.format] ?? issue.format}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    case "unrecognized_keys":
      return `has unknown fields: ${issue.keys.join(", ")}`;
    default:
      return "is not valid";
  }
}

/**
 * The message of an issue whose schema has no text of its own. zod's default ('Invalid input:
 * expected string, received undefined') names neither the field nor the problem; this one does,
 * e.g. "email: is required". `part` names the whole body, query or params when the issue is
 * about them rather than one field.
 */
export function fieldErrorMap(part = "body"): $ZodErrorMap {
  return (issue) => {
    const field = issue.path && issue.path.length > 0 ? issue.path.join(".") : part;
    return `${field}: ${problem(issue)}`;
  };
}

const toValidationError = (issue: $ZodIssue): FastifySchemaValidationError => ({
  keyword: issue.code,
  instancePath: `/${issue.path.join("/")}`,
  schemaPath: `#/${issue.path.join("/")}/${issue.code}`,
  message: issue.message,
  params: {},
});

/**
 * Validates a route's body, query and params with its zod schema (from packages/shared). The
 * schema's own messages win; an issue without one gets `fieldErrorMap`'s. The error handler
 * answers the first issue as `400 { code: "VALIDATION", message }`.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = ({ schema, httpPart }) => {
  const error = fieldErrorMap(httpPart);
  return (data) => {
    const result = safeParse(schema, data, { error });
    if (result.success) return { value: result.data };
    return { error: result.error.issues.map(toValidationError) };
  };
};

/** A place in a parsed value: its key and its parent's place (a path without copying it). */
type Place = { key: string; parent: Place } | null;

const pathOf = (place: Place, whole: string) => {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.unshift(at.key);
  return keys.length > 0 ? keys.join(".") : whole;
};

/**
 * What parsing makes: arrays and objects (a query's has no prototype of its own), not a stream
 * or bytes. A raw upload's body is a stream (an agent's
 * APK): its object graph (socket, server…) is no text of the client's, and has cycles.
 */
function isJsonContainer(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  return !(value instanceof EventEmitter) && !ArrayBuffer.isView(value);
}

/**
 * The path of the first string or key in `value` (a parsed body, query or params) holding a
 * character that common/characters.ts never allows, or — for `kind` single-line — a tab or
 * line break; `whole` when `value` itself is that string. Keys are single-line whatever the
 * kind. `root` starts every path (a form field's name, for the JSON it holds). Walks without
 * recursion, as a body may nest deeply.
 */
function findDisallowedText(
  value: unknown,
  kind: TextKind,
  whole: string,
  root?: string,
): string | null {
  const start: Place = root === undefined ? null : { key: root, parent: null };
  const stack: { value: unknown; place: Place }[] = [{ value, place: start }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: current, place } = item;
    if (typeof current === "string") {
      if (!isAllowedText(current, kind)) return pathOf(place, whole);
    } else if (isJsonContainer(current)) {
      const entries = Object.entries(current).map(([key, entry]) => ({
        key,
        entry,
        at: { key: printableFieldName(key), parent: place },
      }));
      const badKey = entries.find(({ key }) => !isAllowedText(key, "single-line"));
      if (badKey) return pathOf(badKey.at, whole);
      // Reversed onto the stack, so that the first field in the body is named first.
      for (const { entry, at } of entries.reverse()) stack.push({ value: entry, place: at });
    }
  }
  return null;
}

/**
 * The field of a query whose percent-encoding is not UTF-8 (`?code=%FF`, an encoded lone
 * surrogate): Fastify's parser keeps such a value as the raw text, which would be stored as
 * something the client never meant.
 */
function findUndecodableQuery(url: string): string | null {
  const start = url.indexOf("?");
  if (start < 0) return null;
  for (const pair of url.slice(start + 1).split("&")) {
    const [key = "", ...rest] = pair.replaceAll("+", " ").split("=");
    const decodedKey = tryDecode(key);
    if (decodedKey === null) return "query";
    if (tryDecode(rest.join("=")) === null) return printableFieldName(decodedKey);
  }
  return null;
}

const tryDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/**
 * Refuses, once for every API route, text that may never be stored (docs/decisions/
 * 017-input-characters.md): in the path parameters, the query and any string or key of the JSON
 * body, whether or not the route has a schema, and before the schema's own checks — which add
 * the single-line rule per field. Multipart text fields are checked as they are read
 * (multipart-form.ts). Answers `400 { code: "VALIDATION", message }` naming the field.
 */
export function registerCharacterChecks(app: FastifyInstance) {
  // Bytes that are not UTF-8 would be decoded to U+FFFD and stored changed: refused instead.
  const parseJson = app.getDefaultJsonParser("error", "error");
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(AppError.validation(CharacterTexts.notAllowed("body")), undefined);
      return;
    }
    if (jsonNestsDeeperThan(text)) {
      done(AppError.validation(JsonTexts.tooDeep("body")), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook("preValidation", async (request) => {
    // The web app's pages and assets store nothing; a stray query must not cost them their page.
    // The API, the command line's tarballs (/cli/, platform/packages.ts), the dev app's download
    // and assetlinks.json (features/dev-app) are checked, and /metrics (platform/metrics.ts).
    if (!/^\/(?:(?:api|cli|downloads|\.well-known)\/|metrics(?:\?|$))/.test(request.url)) return;
    // A wildcard route's `*` is the rest of the path.
    const { "*": rest, ...params } = (request.params ?? {}) as Record<string, unknown>;
    const field =
      findDisallowedText(params, "single-line", "path") ??
      findDisallowedText(rest, "single-line", "path") ??
      findUndecodableQuery(request.url) ??
      findDisallowedText(request.query, "single-line", "query") ??
      findDisallowedText(request.body, "multi-line", "body");
    if (field !== null) throw AppError.validation(CharacterTexts.notAllowed(field));
  });
}

/**
 * JSON sent as a form's text field (a document added with a file), read as a JSON body is:
 * nesting beyond MAX_JSON_DEPTH refused before anything walks it, then Fastify's own parse
 * (`__proto__` and `constructor.prototype` refused), then every string and key checked for the
 * characters that are never stored — in the parsed value, where `\u0000` has become a NUL —
 * named from the field (`data.note`). Text that does not parse is kept as it is, for the form's
 * schema to refuse with its own message.
 */
export function parseJsonField(app: FastifyInstance, name: string, text: string): unknown {
  if (jsonNestsDeeperThan(text)) throw AppError.validation(JsonTexts.tooDeep(name));
  let parsed: { value: unknown } | undefined;
  app.getDefaultJsonParser("error", "error")(undefined as never, text, (error, value) => {
    if (!error) parsed = { value };
  });
  if (!parsed) return text;
  const field = findDisallowedText(parsed.value, "multi-line", name, name);
  if (field !== null) throw AppError.validation(CharacterTexts.notAllowed(field));
  return parsed.value;
}
