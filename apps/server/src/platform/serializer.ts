import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

type JsonSchema = { [key: string]: unknown };

/** What fast-json-stringify may be given: plain shapes, nothing it would have to choose between. */
const PLAIN_KEYS = new Set([
  "$schema",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "description",
  "default",
]);
const PRIMITIVE = new Set(["string", "number", "integer", "boolean"]);

/**
 * zod's JSON schema made plain, or null when it is not: `X | null` (zod writes it as an anyOf)
 * becomes a type list, for a primitive or an object X; any other union, reference or open
 * object is not plain.
 */
function plainSchema(schema: JsonSchema): JsonSchema | null {
  let node = schema;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    const others = Object.keys(node).filter((key) => key !== "anyOf");
    const nonNull = anyOf.filter((branch) => branch.type !== "null");
    const only = nonNull[0];
    if (others.length > 0 || anyOf.length !== 2 || nonNull.length !== 1 || !only) return null;
    if (typeof only.type !== "string" || !(PRIMITIVE.has(only.type) || only.type === "object")) {
      return null;
    }
    node = {
      ...only,
      type: [only.type, "null"],
      ...(Array.isArray(only.enum) ? { enum: [...only.enum, null] } : {}),
    };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (!PLAIN_KEYS.has(key)) return null;
    if (key === "additionalProperties" && value !== false) return null;
    if (key === "properties") {
      const properties: JsonSchema = {};
      for (const [name, child] of Object.entries(value as Record<string, JsonSchema>)) {
        const plain = plainSchema(child);
        if (!plain) return null;
        properties[name] = plain;
      }
      out.properties = properties;
    } else if (key === "items") {
      if (Array.isArray(value)) return null;
      const plain = plainSchema(value as JsonSchema);
      if (!plain) return null;
      out.items = plain;
    } else {
      out[key] = value;
    }
  }
  const isObject = out.type === "object" || (Array.isArray(out.type) && out.type[0] === "object");
  if (isObject && out.additionalProperties !== false) return null;
  return out;
}

/**
 * Response serialization (docs/decisions/026-server-performance.md). zod's serializer parses
 * every answer against its schema, then JSON.stringify: 15% of a list request's CPU. Where a
 * response schema is a plain shape, fast-json-stringify (Fastify's own serializer) writes it
 * from the schema's JSON form instead: only the schema's fields, so nothing unlisted leaks, as
 * with zod. TypeScript already checks each handler's answer against the same schema. Other
 * schemas (unions, transforms, records) keep zod's serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  const fallback = zodSerializerCompiler(route as never);
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(route.schema, { io: "output" }) as JsonSchema;
  } catch {
    return fallback;
  }
  const plain = plainSchema(json);
  if (!plain) return fallback;
  delete plain.$schema;
  try {
    return fastJson(plain as unknown as Parameters<typeof fastJson>[0]) as (
      data: unknown,
    ) => string;
  } catch {
    return fallback;
  }
};

/** Whether a schema is written by fast-json-stringify (tests). */
export function isPlainResponseSchema(schema: ZodType): boolean {
  try {
    return plainSchema(z.toJSONSchema(schema, { io: "output" }) as JsonSchema) !== null;
  } catch {
    return false;
  }
}
