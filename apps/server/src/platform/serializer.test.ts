import { SessionResponseSchema } from "@hybridge/shared/auth/schemas";
import { ProjectsResponseSchema } from "@hybridge/shared/projects/schemas";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isPlainResponseSchema, serializerCompiler } from "./serializer";

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: "GET", url: "/test", httpStatus: "200" }) as (
    data: unknown,
  ) => string;

describe("the response serializer", () => {
  it("writes only the schema's fields, as zod would", () => {
    const schema = z.object({
      user: z.object({ id: z.string(), email: z.string(), isAdmin: z.boolean() }).nullable(),
      note: z.string().nullable(),
      count: z.number().int(),
      tags: z.array(z.string()),
    });
    expect(isPlainResponseSchema(schema)).toBe(true);
    const writeNullable = compile(schema);
    for (const user of [null, { id: "u", email: "e@x.test", isAdmin: false }]) {
      const data = { user, note: null, count: 2, tags: ["a"] };
      expect(writeNullable({ ...data, extra: 1 })).toBe(JSON.stringify(data));
    }
    const plain = z.object({
      id: z.string(),
      note: z.string().nullable(),
      kind: z.enum(["a", "b"]).nullable(),
      items: z.array(z.object({ n: z.number() })),
    });
    expect(isPlainResponseSchema(plain)).toBe(true);
    const write = compile(plain);
    const data = {
      id: "x",
      note: null,
      kind: "a",
      items: [{ n: 1, secret: "no" }],
      passwordHash: "never",
    };
    expect(JSON.parse(write(data))).toEqual({ id: "x", note: null, kind: "a", items: [{ n: 1 }] });
    expect(write(data)).toBe(JSON.stringify(z.encode(plain, data as never)));
  });

  it("keeps zod's serializer for what is not a plain shape", () => {
    const union = z.object({
      value: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
    });
    expect(isPlainResponseSchema(union)).toBe(false);
    const write = compile(union);
    expect(JSON.parse(write({ value: { b: 3 }, extra: true }))).toEqual({ value: { b: 3 } });
    expect(() => write({ value: false })).toThrow();
  });

  it("writes the console's most frequent answers the fast way", () => {
    expect(isPlainResponseSchema(ProjectsResponseSchema)).toBe(true);
    expect(isPlainResponseSchema(SessionResponseSchema)).toBe(true);
  });
});
