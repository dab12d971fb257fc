import { describe, expect, it } from "vitest";
import { bindRule, ruleHolds } from "./bind";
import { parseRule, type RuleAction } from "./expression";
import { parseRulesFile, RULE_TEMPLATES } from "./schemas";

const parsed = (source: string, action: RuleAction = "list") => {
  const result = parseRule(source, action);
  if (!result.ok) throw new Error(result.error.message);
  return result.rule;
};
const errorOf = (source: string, action: RuleAction = "list") => {
  const result = parseRule(source, action);
  if (result.ok) throw new Error(`${source} parsed`);
  return result.error;
};

const doc = (data: Record<string, unknown>, id = "00000000-0000-4000-8000-000000000001") => ({
  id,
  data: data as never,
  createdAt: "2026-11-27T10:00:00.000000Z",
  updatedAt: "2026-11-27T10:00:00.000000Z",
});
const ana = { id: "u-ana", email: "ana@example.com", verified: true };
const ben = { id: "u-ben", email: "ben@example.com", verified: false };

const holds = (source: string, action: RuleAction, options: Record<string, unknown>) => {
  const bound = bindRule(parsed(source, action), {
    auth: (options.auth as typeof ana | null) ?? null,
    data: options.data as never,
  });
  return ruleHolds(bound, (options.doc as ReturnType<typeof doc>) ?? null);
};

describe("the rules language", () => {
  it("reads constants, comparisons, && || ! and parentheses", () => {
    expect(parsed("true")).toEqual({ kind: "constant", value: true });
    expect(parsed(" false ")).toEqual({ kind: "constant", value: false });
    expect(parsed("doc.owner == auth.id")).toMatchObject({
      kind: "compare",
      left: { kind: "doc", field: { kind: "data", path: ["owner"] } },
      op: "==",
      right: { kind: "auth", field: "id" },
    });
    expect(
      parsed('!(doc.a.b["c d"] in [1, "x", null]) || auth != null && doc.n >= -1.5e2'),
    ).toMatchObject({
      kind: "or",
    });
  });

  it("places each error at its line and position", () => {
    expect(errorOf("doc.owner == auht.id")).toMatchObject({ line: 1, column: 14 });
    expect(errorOf("doc.owner == auht.id").message).toMatch(/Unknown name "auht"/);
    expect(errorOf("doc.a == 1 &&\n  data.b == 2")).toMatchObject({ line: 2, column: 3 });
    expect(parseRule("data.b == 1", "create").ok).toBe(true);
    expect(errorOf("doc.b == 1", "create").message).toMatch(/no stored document/);
    expect(errorOf("doc.a == doc.b").message).toMatch(/not with another of its fields/);
    expect(errorOf('doc.a == "x').message).toMatch(/no closing quote/);
    expect(errorOf("doc.a == 1 doc.b").message).toMatch(/&& or \|\|/);
    expect(errorOf("auth.name == 1").message).toMatch(/auth has no "name"/);
    expect(errorOf("auth == 1").message).toMatch(/only be compared with null/);
    expect(errorOf("doc.a < null").message).toMatch(/not null or lists/);
    expect(errorOf("doc.a in 3").message).toMatch(/needs a list/);
    expect(errorOf("data.id == 1", "update").message).toMatch(/server sets id/);
    expect(errorOf("doc.id.x == 1").message).toMatch(/no fields inside/);
    expect(errorOf("").message).toMatch(/Write a rule/);
    expect(errorOf("(doc.a == 1").message).toMatch(/Expected "\)"/);
    expect(errorOf("doc.a == 1 # x").message).toMatch(/Unexpected character "#"/);
  });

  it("decides what auth and data say, and leaves conditions on the document", () => {
    const rule = parsed("doc.owner == auth.id");
    expect(bindRule(rule, { auth: null })).toEqual({ kind: "constant", value: false });
    expect(bindRule(rule, { auth: ana })).toEqual({
      kind: "condition",
      field: { kind: "data", path: ["owner"] },
      op: "==",
      value: "u-ana",
    });
    expect(bindRule(parsed("auth != null"), { auth: ben })).toEqual({
      kind: "constant",
      value: true,
    });
    expect(bindRule(parsed("5 < doc.n"), { auth: null })).toMatchObject({ op: ">", value: 5 });
    expect(bindRule(parsed("auth.id in doc.members"), { auth: ana })).toMatchObject({
      op: "array-contains",
      value: "u-ana",
    });
  });

  it("evaluates the templates as documented", () => {
    const t = RULE_TEMPLATES.privatePerUser;
    const mine = doc({ owner: "u-ana" });
    expect(holds(t.list, "list", { auth: ana, doc: mine })).toBe(true);
    expect(holds(t.list, "list", { auth: ben, doc: mine })).toBe(false);
    expect(holds(t.list, "list", { auth: null, doc: mine })).toBe(false);
    expect(holds(t.create, "create", { auth: ana, data: { owner: "u-ana" } })).toBe(true);
    expect(holds(t.create, "create", { auth: ana, data: { owner: "u-ben" } })).toBe(false);
    expect(holds(t.create, "create", { auth: null, data: { owner: null } })).toBe(false);
    expect(holds(t.update, "update", { auth: ana, doc: mine, data: { owner: "u-ben" } })).toBe(
      false,
    );
    const admin = RULE_TEMPLATES.adminOnly.get;
    const boss = { id: "b", email: "admin@example.com", verified: true };
    expect(holds(admin, "get", { auth: boss, doc: mine })).toBe(true);
    expect(holds(admin, "get", { auth: { ...boss, verified: false }, doc: mine })).toBe(false);
  });

  it("treats missing fields as false, negation included", () => {
    const empty = doc({});
    expect(holds("doc.a != 1", "get", { auth: null, doc: empty })).toBe(false);
    expect(holds("!(doc.a == 1)", "get", { auth: null, doc: empty })).toBe(true);
    expect(holds("doc.n > 3", "get", { auth: null, doc: doc({ n: "9" }) })).toBe(false);
    expect(holds('doc.tags contains "x"', "get", { auth: null, doc: doc({ tags: ["x"] }) })).toBe(
      true,
    );
    expect(holds('doc.createdAt < "2027-01-01T00:00:00Z"', "get", { auth: null, doc: empty })).toBe(
      true,
    );
    expect(holds("auth.verified", "get", { auth: ben, doc: empty })).toBe(false);
  });

  it("reads hybridge.rules.json with every error on its own line", () => {
    const good = parseRulesFile({
      notes: RULE_TEMPLATES.privatePerUser,
      pub: {
        list: true,
        get: true,
        create: false,
        update: false,
        delete: false,
      },
    });
    expect(good.issues).toBeUndefined();
    const bad = parseRulesFile({
      Notes: {},
      notes: { list: "doc.owner == auht.id", get: 3, create: true, update: true, extra: true },
    });
    expect(bad.issues).toEqual([
      expect.stringMatching(/"Notes" is not a collection name/),
      expect.stringMatching(/notes.extra: not a rule/),
      expect.stringMatching(/notes.get: a rule is true/),
      expect.stringMatching(/notes.delete: missing/),
    ]);
    const placed = parseRulesFile({
      notes: { ...RULE_TEMPLATES.privatePerUser, update: "doc.owner == auht.id" },
    });
    expect(placed.issues).toEqual([
      'notes.update: line 1, position 14: Unknown name "auht": a rule reads doc (the stored document), data (the written data) and auth (the signed-in user).',
    ]);
  });
});
