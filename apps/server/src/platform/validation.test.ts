import Fastify from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { registerErrorHandler } from "./error-handler";
import { validatorCompiler } from "./validation";

const app = Fastify().withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(app);
  app.post(
    "/things/:id",
    {
      schema: {
        params: z.object({ id: z.string().length(3) }),
        querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
        body: z.object({
          email: z.email(),
          title: z.string().min(1).max(5),
          kind: z.enum(["a", "b"]),
          count: z.number().max(10),
          tags: z.array(z.string()).min(2),
          nested: z.object({ flag: z.boolean() }),
          // A schema's own text always wins over the fallback.
          own: z.string({ error: "Please fill in own." }),
        }),
      },
    },
    async (request) => ({ ok: true, title: request.body.title }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const valid = {
  email: "a@b.test",
  title: "hi",
  kind: "a",
  count: 1,
  tags: ["x", "y"],
  nested: { flag: true },
  own: "x",
};

async function messageFor(body: unknown, url = "/things/abc") {
  const res = await app.inject({ method: "POST", url, payload: body as object });
  return { status: res.statusCode, body: res.json() };
}

describe("validation messages without a schema text", () => {
  it("name the field and the problem", async () => {
    expect(await messageFor(valid)).toEqual({ status: 200, body: { ok: true, title: "hi" } });
    const cases: [Record<string, unknown>, string][] = [
      [{ email: undefined }, "email: is required"],
      [{ email: "nope" }, "email: is not a valid e-mail address"],
      [{ title: 5 }, "title: must be of type string"],
      [{ title: "" }, "title: is required"],
      [{ title: "too long" }, "title: must have at most 5 characters"],
      [{ kind: "c" }, 'kind: must be one of "a", "b"'],
      [{ count: 11 }, "count: must be at most 10"],
      [{ tags: ["x"] }, "tags: must have at least 2 items"],
      [{ nested: { flag: "yes" } }, "nested.flag: must be of type boolean"],
      [{ own: undefined }, "Please fill in own."],
    ];
    for (const [change, message] of cases) {
      expect(await messageFor({ ...valid, ...change }), message).toEqual({
        status: 400,
        body: { code: "VALIDATION", message },
      });
    }
  });

  it("name the query, the params and a missing body", async () => {
    expect((await messageFor(valid, "/things/ab")).body.message).toBe(
      "id: must have at least 3 characters",
    );
    expect((await messageFor(valid, "/things/abc?page=0")).body.message).toBe(
      "page: must be at least 1",
    );
    const noBody = await app.inject({ method: "POST", url: "/things/abc" });
    expect(noBody.json()).toEqual({ code: "VALIDATION", message: "body: is required" });
  });
});
