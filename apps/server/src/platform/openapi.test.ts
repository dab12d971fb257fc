import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../test/test-app";
import { isPublished, OPENAPI_PATH } from "./openapi";

/**
 * The published OpenAPI document (decision 027's protocol, docs/agents-protocol.md) against the
 * routes the app really registers: every published route is in it with the schemas it runs,
 * nothing else is, and the console's own routes stay out.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

type Operation = {
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { "application/json": { schema: unknown } } };
  responses: Record<string, { content?: { "application/json": { schema: unknown } } }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
};

async function fetchDocument(): Promise<Document> {
  const response = await app.inject({ method: "GET", url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("application/json");
  return response.json() as Document;
}

/** Every published method and path, as the router has them. */
function publishedRoutes() {
  return app.routes
    .filter((route) => isPublished(route.url))
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== "HEAD" && method !== "OPTIONS")
        .map((method) => ({ method: method.toLowerCase(), route })),
    );
}

const toPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

describe("GET /api/openapi.json", () => {
  it("lists exactly the database API's and the build machines' routes", async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe("3.1.0");
    const expected = publishedRoutes()
      .map(({ method, route }) => `${method} ${toPath(route.url)}`)
      .sort();
    const listed = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m} ${path}`))
      .sort();
    expect(listed).toEqual(expected);
    // Both protocols are there, and no console route.
    expect(listed.some((entry) => entry.includes("/api/v1/db/collections/{collection}"))).toBe(
      true,
    );
    expect(listed.some((entry) => entry.startsWith("post /api/agents/claim"))).toBe(true);
    expect(listed.some((entry) => entry.includes("/api/projects"))).toBe(false);
  });

  it("describes each route with the zod schemas it validates with", async () => {
    const document = await fetchDocument();
    for (const { method, route } of publishedRoutes()) {
      const operation = document.paths[toPath(route.url)]?.[method];
      expect(operation, `${method} ${route.url}`).toBeDefined();
      if (!operation) continue;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      // The path's parameters are all there, required.
      const pathNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
      for (const name of pathNames) {
        expect(
          operation.parameters?.find(
            (parameter) => parameter.name === name && parameter.in === "path",
          ),
          `${method} ${route.url} :${name}`,
        ).toMatchObject({ required: true });
      }
      // A JSON body is described by the same schema the route validates with.
      if (schema.body instanceof z.ZodType) {
        expect(operation.requestBody?.content["application/json"].schema).toEqual(
          stripSchemaKeyword(z.toJSONSchema(schema.body, { io: "input", unrepresentable: "any" })),
        );
      } else {
        expect(operation.requestBody).toBeUndefined();
      }
      // Every declared answer is listed, with its body's schema when it has one.
      const declared = Object.keys((schema.response ?? {}) as object).sort();
      expect(Object.keys(operation.responses).sort()).toEqual([...declared, "default"].sort());
    }
  });

  it("describes a document list's answer and a key's refusal", async () => {
    const document = await fetchDocument();
    const list = document.paths["/api/v1/db/collections/{collection}/documents"]?.get;
    expect(list?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(["collection", "limit", "cursor"]),
    );
    expect(JSON.stringify(list?.responses["200"])).toContain("nextCursor");
    expect(list?.responses.default?.content?.["application/json"].schema).toMatchObject({
      properties: { code: { type: "string" }, message: { type: "string" } },
    });
  });
});

function stripSchemaKeyword(schema: Record<string, unknown>) {
  const { $schema: _, ...rest } = schema;
  return rest;
}
