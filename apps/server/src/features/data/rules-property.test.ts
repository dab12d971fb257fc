import { APP_KEY_HEADER } from "@hybridge/shared/app-users/schemas";
import { compareSameType, jsonEqual } from "@hybridge/shared/data/match";
import type { JsonValue } from "@hybridge/shared/data/query";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "../../../test/test-app";
import { authed, createTestProject } from "../projects/test-support";

// Random access rules and documents (decision 044): the server's answers to users A and B and
// nobody — which documents a list returns, which a get finds — compared with an oracle written
// here from the documented semantics (docs/decisions/044-access-rules.md), on the rule's source
// text, without the server's binding or SQL.

let app: TestApp;
let owner: TestUser;
let appKey: string;
let projectId: string;
let testKey: string;
type Who = { id: string; email: string; verified: boolean; token: string } | null;
const people: Who[] = [];

const MISSING = Symbol("missing");
type Value = JsonValue | typeof MISSING;

/** The semantics as the decision writes them, over a tiny parser of the generated sources. */
function oracle(source: string, doc: Record<string, JsonValue>, auth: Who): boolean {
  const tokens =
    source.match(
      /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|&&|\|\||==|!=|<=|>=|[<>!()[\],]|[A-Za-z_.]+/g,
    ) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++] as string;
  const value = (): Value => {
    const token = next();
    if (token === "[") {
      const list: JsonValue[] = [];
      while (peek() !== "]") {
        list.push(value() as JsonValue);
        if (peek() === ",") next();
      }
      next();
      return list;
    }
    if (token.startsWith('"')) return JSON.parse(token);
    if (/^-?\d/.test(token)) return Number(token);
    if (token === "true" || token === "false") return token === "true";
    if (token === "null") return null;
    if (token === "auth") return auth === null ? null : "someone";
    if (token.startsWith("auth.")) return auth === null ? MISSING : auth[token.slice(5) as "id"];
    if (token.startsWith("doc.")) {
      const key = token.slice(4);
      return Object.hasOwn(doc, key) ? (doc[key] as JsonValue) : MISSING;
    }
    throw new Error(`oracle cannot read ${token}`);
  };
  const comparison = (): boolean => {
    const left = value();
    const op = peek();
    if (!op || !["==", "!=", "<", "<=", ">", ">=", "in", "contains"].includes(op)) {
      return left !== MISSING && jsonEqual(left, true);
    }
    next();
    const right = value();
    if (left === MISSING || right === MISSING) return false;
    switch (op) {
      case "==":
        return jsonEqual(left, right);
      case "!=":
        return !jsonEqual(left, right);
      case "in":
        return Array.isArray(right) && right.some((one) => jsonEqual(left, one));
      case "contains":
        return Array.isArray(left) && left.some((one) => jsonEqual(one, right));
      default: {
        const order = compareSameType(left, right);
        if (order === null) return false;
        return op === "<"
          ? order < 0
          : op === "<="
            ? order <= 0
            : op === ">"
              ? order > 0
              : order >= 0;
      }
    }
  };
  const unary = (): boolean => {
    if (peek() === "!") {
      next();
      return !unary();
    }
    if (peek() === "(") {
      next();
      const inner = or();
      next();
      return inner;
    }
    return comparison();
  };
  const and = (): boolean => {
    let result = unary();
    while (peek() === "&&") {
      next();
      result = unary() && result;
    }
    return result;
  };
  const or = (): boolean => {
    let result = and();
    while (peek() === "||") {
      next();
      result = or() || result;
    }
    return result;
  };
  return or();
}

const FIELDS = ["owner", "n", "s", "tags", "flag"];
const literal = fc.oneof(
  fc.constantFrom<JsonValue>(0, 1, 2, -1, 1.5, "a", "b", "", true, false, null),
  fc.constantFrom<JsonValue>([1, 2], ["a"], []),
);
const fieldValue = fc.oneof(literal, fc.constant<Value>(MISSING));
const operand = fc.oneof(
  fc.constantFrom(...FIELDS).map((field) => `doc.${field}`),
  fc.constantFrom("auth.id", "auth.email", "auth.verified"),
  literal.map((one) => JSON.stringify(one)),
);
const comparison = fc
  .tuple(
    fc.constantFrom(...FIELDS),
    fc.constantFrom("==", "!=", "<", "<=", ">", ">=", "in", "contains"),
    operand,
  )
  .filter(
    ([, op, right]) =>
      !(
        op === "in" &&
        !right.startsWith("[") &&
        !right.startsWith("auth") &&
        !right.startsWith("doc")
      ),
  )
  .filter(([, op, right]) => !(["<", "<=", ">", ">="].includes(op) && /^(null|\[)/.test(right)))
  .filter(([, , right]) => !right.startsWith("doc."))
  .map(([field, op, right]) => `doc.${field} ${op} ${right}`);
const ruleSource: fc.Arbitrary<string> = fc.letrec((tie) => ({
  rule: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    comparison,
    fc.constant("auth != null"),
    fc.constantFrom("doc.owner == auth.id", "auth.id == doc.owner", "doc.tags contains auth.id"),
    tie("rule").map((inner) => `!(${inner})`),
    fc
      .tuple(tie("rule"), fc.constantFrom("&&", "||"), tie("rule"))
      .map(([a, op, b]) => `(${a}) ${op} (${b})`),
  ),
})).rule;

const documents: Array<{ id: string; data: Record<string, JsonValue> }> = [];

beforeAll(async () => {
  app = await createTestApp({
    env: { DATA_RATE_LIMIT_PER_MINUTE: "100000", AUTH_RATE_LIMIT_MAX: "1000" },
  });
  owner = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie);
  appKey = project.keyApp;
  projectId = project.id;
  const settings = await app.inject({
    url: `/api/projects/${projectId}/settings`,
    headers: authed(owner.cookie),
  });
  testKey = settings.json().settings.databaseKey;
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/auth/sign-up",
      headers: { [APP_KEY_HEADER]: appKey },
      payload: { email: uniqueEmail("prop"), password: "a long password" },
    });
    const body = res.json();
    people.push({ ...body.user, token: body.accessToken });
  }
  people.push(null);
  // Documents owned by each user, by nobody, with every kind of value in every field.
  const ids = [people[0]?.id, people[1]?.id, "x", MISSING] as Value[];
  const sample = fc.sample(
    fc.record({
      owner: fc.constantFrom(...ids),
      n: fieldValue,
      s: fieldValue,
      tags: fc.oneof(
        fieldValue,
        fc.constantFrom(...ids).map((one) => (one === MISSING ? [] : [one])),
      ),
      flag: fieldValue,
    }),
    { numRuns: 24, seed: 44 },
  );
  for (const one of sample) {
    const data = Object.fromEntries(Object.entries(one).filter(([, v]) => v !== MISSING)) as Record<
      string,
      JsonValue
    >;
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/db/collections/random/documents",
      headers: { authorization: `Bearer ${testKey}` },
      payload: data,
    });
    expect(res.statusCode).toBe(201);
    documents.push({ id: res.json().id, data });
  }
}, 60_000);
afterAll(async () => {
  await app?.cleanup();
});

describe("random rules against the documented semantics", () => {
  it("lists and gets exactly what the oracle says, for A, B and nobody", async () => {
    await fc.assert(
      fc.asyncProperty(ruleSource, async (source) => {
        const put = await app.inject({
          method: "PUT",
          url: `/api/projects/${projectId}/rules/random`,
          headers: authed(owner.cookie),
          payload: { list: source, get: source, create: "false", update: "false", delete: "false" },
        });
        expect(put.statusCode, `${source}: ${put.body}`).toBe(200);
        for (const who of people) {
          const headers = {
            [APP_KEY_HEADER]: appKey,
            ...(who ? { authorization: `Bearer ${who.token}` } : {}),
          };
          const listed = await app.inject({
            method: "POST",
            url: "/api/v1/db/collections/random/query",
            headers,
            payload: { limit: 100 },
          });
          expect(listed.statusCode, listed.body).toBe(200);
          const got = listed
            .json()
            .documents.map((one: { id: string }) => one.id)
            .sort();
          const expected = documents
            .filter((one) => oracle(source, one.data, who))
            .map((one) => one.id)
            .sort();
          expect(got, `${source} as ${who?.email ?? "nobody"}`).toEqual(expected);
          const sampled = documents[source.length % documents.length] as (typeof documents)[number];
          const single = await app.inject({
            url: `/api/v1/db/collections/random/documents/${sampled.id}`,
            headers,
          });
          expect(single.statusCode, source).toBe(oracle(source, sampled.data, who) ? 200 : 404);
        }
      }),
      { numRuns: 40, seed: 2044 },
    );
  }, 120_000);
});
