import type { FastifySchemaCompiler, FastifySchemaValidationError } from "fastify";
import { type $ZodErrorMap, type $ZodIssue, type $ZodType, safeParse } from "zod/v4/core";

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
