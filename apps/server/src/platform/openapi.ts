import { APP_USERS_API_PATH } from "@hybridge/shared/app-users/schemas";
import { ErrorResponseSchema } from "@hybridge/shared/common/errors";
import { DATA_API_PATH } from "@hybridge/shared/data/protocol";
import { RULES_API_PATH } from "@hybridge/shared/rules/schemas";
import type { FastifyInstance, RouteOptions } from "fastify";
import { z } from "zod";

/** Where the published protocol is served. */
export const OPENAPI_PATH = "/api/openapi.json";

/**
 * The protocols others program against, by the start of their routes' URLs: the database API
 * (apps and their dev servers, decision 027), the apps' users (decision 043) and the build
 * machines' (docs/agents-protocol.md).
 * The console's own routes are not published: only our web app calls them.
 */
export const PUBLISHED_PREFIXES = [
  `${DATA_API_PATH}/`,
  `${APP_USERS_API_PATH}/`,
  RULES_API_PATH,
  "/api/agents/",
] as const;

export const isPublished = (url: string) =>
  PUBLISHED_PREFIXES.some((prefix) => url.startsWith(prefix));

type RouteSchema = {
  params?: unknown;
  querystring?: unknown;
  headers?: unknown;
  body?: unknown;
  response?: Record<string | number, unknown>;
  summary?: string;
  description?: string;
};

type Published = { method: string; url: string; schema: RouteSchema };
type JsonSchema = Record<string, unknown>;

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/**
 * A zod schema as JSON Schema (2020-12, which OpenAPI 3.1 uses): what a request may send
 * (`input`) or what an answer holds (`output`). What JSON Schema cannot say (a transform, a
 * refinement) is left open rather than refused: the server checks it all the same.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  return rest;
}

/** `/collections/:collection` → `/collections/{collection}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

function parameters(schema: RouteSchema) {
  const list: JsonSchema[] = [];
  const add = (where: "path" | "query" | "header", source: unknown) => {
    if (!isZod(source)) return;
    const object = jsonSchema(source, "input") as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === "path" || (object.required ?? []).includes(name),
        schema: property,
      });
    }
  };
  add("path", schema.params);
  add("query", schema.querystring);
  add("header", schema.headers);
  return list;
}

function operation(route: Published) {
  const { schema } = route;
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(schema.response ?? {})) {
    responses[String(status)] = isZod(answer)
      ? {
          description: String(status),
          content: { "application/json": { schema: jsonSchema(answer, "output") } },
        }
      : { description: String(status) };
  }
  // Every failure, whatever its status, has the one error shape (platform/error-handler.ts).
  responses.default ??= {
    description: "A failure: its code and a message for the user",
    content: { "application/json": { schema: jsonSchema(ErrorResponseSchema, "output") } },
  };
  const parameterList = parameters(schema);
  return {
    ...(schema.summary ? { summary: schema.summary } : {}),
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(isZod(schema.body)
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(schema.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the published routes, from the same zod schemas they run. */
export function openApiDocument(routes: Published[], info: { version: string; server: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Hybridge database and build machine API",
      version: info.version,
      description:
        "The database API — a live app's by its public app key (X-Hybridge-App) and its signed-in user's access token (Bearer), within the collection's access rules; or, in development, by the project's Test Mode key as a Bearer token, which bypasses them (decision 044) — the app users' accounts, the rules' deploy (a deploy token), and the build machines' protocol (by a machine's token).",
    },
    servers: [{ url: info.server }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        appKey: { type: "apiKey", in: "header", name: "X-Hybridge-App" },
      },
    },
    security: [{ bearer: [] }, { appKey: [], bearer: [] }, { appKey: [] }],
    paths,
  };
}

/**
 * Collects the published routes as they are registered (call before registering them), and
 * serves their OpenAPI document at OPENAPI_PATH, made once, at the first request.
 */
export function registerOpenApi(app: FastifyInstance, info: { version: string; server: string }) {
  const published: Published[] = [];
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!isPublished(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD" || method === "OPTIONS") continue;
      published.push({ method, url: route.url, schema: (route.schema ?? {}) as RouteSchema });
    }
  });
  let document: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(published, info));
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("access-control-allow-origin", "*")
      .send(document);
  });
}
