import { CharacterTexts } from "@hybridge/shared/common/texts";
import Fastify from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { registerErrorHandler } from "./error-handler";
import { registerCharacterChecks, validatorCompiler } from "./validation";

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

describe("characters that are never stored (registerCharacterChecks)", () => {
  const checked = Fastify().withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    checked.setValidatorCompiler(validatorCompiler);
    registerCharacterChecks(checked);
    registerErrorHandler(checked);
    // No schema at all: the check does not depend on one.
    checked.post("/api/echo/:id", async (request) => ({ body: request.body }));
    checked.get("/api/files/*", async () => ({ ok: true }));
    checked.get("/page", async () => ({ ok: true }));
    await checked.ready();
  });
  afterAll(async () => {
    await checked.close();
  });

  const send = async (url: string, payload?: string | Buffer) => {
    const res = await checked.inject({
      method: payload === undefined ? "GET" : "POST",
      url,
      ...(payload === undefined
        ? {}
        : { payload, headers: { "content-type": "application/json" } }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const refused = (field: string) => ({
    status: 400,
    body: { code: "VALIDATION", message: CharacterTexts.notAllowed(field) },
  });

  it("names the string or key of the body that holds one, however deep", async () => {
    expect(await send("/api/echo/1", JSON.stringify({ a: { b: ["ok", "x\u0000"] } }))).toEqual(
      refused("a.b.1"),
    );
    expect(await send("/api/echo/1", JSON.stringify({ a: { "k\u0007ey": 1 } }))).toEqual(
      refused("a.k\\u0007ey"),
    );
    expect(await send("/api/echo/1", '{"a":"\\ud800"}')).toEqual(refused("a"));
    // The first in the body is named.
    expect(await send("/api/echo/1", '{"a":"\\u0000","b":{"c":"\\u0000"}}')).toEqual(refused("a"));
    expect(await send("/api/echo/1", '"\\u001b"')).toEqual(refused("body"));
    // Keys are single-line even in a body whose texts may hold line breaks.
    expect(await send("/api/echo/1", JSON.stringify({ "a\nb": "x" }))).toEqual(
      refused("a\\u000Ab"),
    );
    const deep = `${"[".repeat(50_000)}"\\u0000"${"]".repeat(50_000)}`;
    expect((await send("/api/echo/1", deep)).status).toBe(400);
  });

  it("keeps tabs and line breaks of body texts as sent", async () => {
    const text = "one\r\ntwo\n\tthree \u202Efour 😀";
    expect(await send("/api/echo/1", JSON.stringify({ text }))).toEqual({
      status: 200,
      body: { body: { text } },
    });
  });

  it("refuses a body that is not UTF-8 rather than storing U+FFFD", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"a":"'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('"}'),
    ]);
    expect(await send("/api/echo/1", bytes)).toEqual(refused("body"));
  });

  it("refuses one in the path or the query, line breaks and tabs included", async () => {
    expect(await send("/api/echo/a%00b", "{}")).toEqual(refused("id"));
    expect(await send("/api/echo/a%0Ab", "{}")).toEqual(refused("id"));
    expect(await send("/api/files/icons/a%09b.png")).toEqual(refused("path"));
    expect(await send("/api/echo/1?q=a%0Ab", "{}")).toEqual(refused("q"));
    expect(await send("/api/echo/1?q=%C2%85", "{}")).toEqual(refused("q"));
    // Percent-encodings that are not UTF-8 would reach the handler as the raw "%FF".
    expect(await send("/api/echo/1?q=%FF", "{}")).toEqual(refused("q"));
    expect(await send("/api/echo/1?q=%ED%A0%80", "{}")).toEqual(refused("q"));
    expect(await send("/api/echo/1?%FF=1", "{}")).toEqual(refused("query"));
    expect(await send("/api/echo/1?q=caf%C3%A9+au+lait", "{}")).toEqual({
      status: 200,
      body: { body: {} },
    });
  });

  it("leaves the web app's pages alone", async () => {
    expect(await send("/page?utm=%00")).toEqual({ status: 200, body: { ok: true } });
  });
});
