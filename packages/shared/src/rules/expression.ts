import { type FieldRef, type JsonValue, SERVER_FIELDS, type ServerField } from "../data/query";
import { RulesTexts } from "./texts";

// The access rules' language (decision 044): one grammar, parsed and validated here for the
// server, the command line and the console's editor alike. A rule is `true`, `false` or an
// expression over the stored document (`doc`), the written data (`data`, create and update
// rules) and the signed-in user (`auth`):
//
//   rule       := or
//   or         := and ( "||" and )*
//   and        := unary ( "&&" unary )*
//   unary      := "!" unary | "(" rule ")" | comparison
//   comparison := operand ( op operand )?       a lone operand means `operand == true`
//   op         := == | != | < | <= | > | >= | in | contains
//   operand    := doc.<path> | data.<path> | auth | auth.id | auth.email | auth.verified
//               | "string" | 'string' | number | true | false | null | [ literal, … ]
//   path       := key ( "." key | "[" "string" "]" )*       key := [A-Za-z_$][A-Za-z0-9_$]*
//
// The tree is bound to one request (bind.ts): `auth` and `data` become values, what is left is a
// filter on the document, which the server compiles to SQL with parameters only.

export const RULE_ACTIONS = ["list", "get", "create", "update", "delete"] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

export const RULE_LIMITS = { length: 2000, comparisons: 50, depth: 20 } as const;

export const RULE_OPS = ["==", "!=", "<", "<=", ">", ">=", "in", "contains"] as const;
export type RuleOp = (typeof RULE_OPS)[number];

export type AuthField = "id" | "email" | "verified";

export type Operand =
  | { kind: "literal"; value: JsonValue }
  /** A field of the stored document: a data path, or the server's id, createdAt, updatedAt. */
  | { kind: "doc"; field: FieldRef }
  /** A field of the written document (create and update). */
  | { kind: "data"; path: string[] }
  /** The signed-in user (`field` null: `auth` itself, null when nobody is signed in). */
  | { kind: "auth"; field: AuthField | null };

export type RuleExpression =
  | { kind: "constant"; value: boolean }
  | { kind: "compare"; left: Operand; op: RuleOp; right: Operand }
  | { kind: "not"; rule: RuleExpression }
  | { kind: "and" | "or"; rules: RuleExpression[] };

/** Where an error is, 1-based, and what it is. */
export type RuleError = { line: number; column: number; message: string };

export type ParsedRule = { ok: true; rule: RuleExpression } | { ok: false; error: RuleError };

type Token =
  | { type: "op"; text: string; at: number }
  | { type: "word"; text: string; at: number }
  | { type: "string"; text: string; value: string; at: number }
  | { type: "number"; text: string; value: number; at: number }
  | { type: "end"; text: string; at: number };

class RuleSyntaxError extends Error {
  constructor(
    readonly at: number,
    message: string,
  ) {
    super(message);
  }
}

const PUNCTUATION = [
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "<",
  ">",
  "!",
  "(",
  ")",
  "[",
  "]",
  ",",
  ".",
];
const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const NUMBERISH = /-?[0-9][0-9A-Za-z_.+-]*/y;

function readString(source: string, at: number): Token {
  const quote = source[at] as string;
  let index = at + 1;
  while (index < source.length && source[index] !== quote) {
    if (source[index] === "\n") break;
    index += source[index] === "\\" ? 2 : 1;
  }
  if (index >= source.length || source[index] !== quote) {
    throw new RuleSyntaxError(at, RulesTexts.unterminatedString);
  }
  const text = source.slice(at, index + 1);
  let inner = text.slice(1, -1);
  // Single quotes read like JSON's double quotes: \' is a quote, " needs no escape.
  if (quote === "'") inner = inner.replace(/\\'/g, "'").replace(/(^|[^\\])"/g, '$1\\"');
  try {
    const value = JSON.parse(`"${inner}"`) as string;
    return { type: "string", text, value, at };
  } catch {
    throw new RuleSyntaxError(at, RulesTexts.badEscape);
  }
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const character = source[index] as string;
    if (/\s/.test(character)) {
      index++;
      continue;
    }
    if (character === '"' || character === "'") {
      const token = readString(source, index);
      tokens.push(token);
      index += token.text.length;
      continue;
    }
    NUMBER.lastIndex = index;
    NUMBERISH.lastIndex = index;
    if (/[-0-9]/.test(character) && NUMBERISH.test(source)) {
      NUMBERISH.lastIndex = index;
      const loose = NUMBERISH.exec(source)?.[0] ?? character;
      const strict = NUMBER.exec(source)?.[0];
      if (strict === undefined || strict.length !== loose.length) {
        // `doc.a.-1`: a dot after a number is a path error, not part of the number.
        throw new RuleSyntaxError(index, RulesTexts.badNumber(loose));
      }
      tokens.push({ type: "number", text: strict, value: Number(strict), at: index });
      index += strict.length;
      continue;
    }
    WORD.lastIndex = index;
    const word = WORD.exec(source)?.[0];
    if (word) {
      tokens.push({ type: "word", text: word, at: index });
      index += word.length;
      continue;
    }
    const punctuation = PUNCTUATION.find((one) => source.startsWith(one, index));
    if (punctuation) {
      tokens.push({ type: "op", text: punctuation, at: index });
      index += punctuation.length;
      continue;
    }
    throw new RuleSyntaxError(index, RulesTexts.unexpectedCharacter(character));
  }
  tokens.push({ type: "end", text: "", at: source.length });
  return tokens;
}

const COMPARE_OPS = new Set<string>(["==", "!=", "<", "<=", ">", ">="]);
const RANGE_OPS = new Set<string>(["<", "<=", ">", ">="]);
const AUTH_FIELDS = new Set<string>(["id", "email", "verified"]);

class Parser {
  private index = 0;
  private comparisons = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly action: RuleAction,
  ) {}

  private get token(): Token {
    return this.tokens[this.index] as Token;
  }
  private next(): Token {
    const token = this.token;
    if (token.type !== "end") this.index++;
    return token;
  }
  private is(text: string): boolean {
    return (this.token.type === "op" || this.token.type === "word") && this.token.text === text;
  }
  private expect(text: string) {
    if (!this.is(text)) throw new RuleSyntaxError(this.token.at, RulesTexts.expectedClose(text));
    this.next();
  }

  parse(): RuleExpression {
    const rule = this.or(0);
    if (this.token.type !== "end") {
      throw new RuleSyntaxError(this.token.at, RulesTexts.expectedEnd(this.token.text));
    }
    return rule;
  }

  private or(depth: number): RuleExpression {
    const rules = [this.and(depth)];
    while (this.is("||")) {
      this.next();
      rules.push(this.and(depth));
    }
    return rules.length === 1 ? (rules[0] as RuleExpression) : { kind: "or", rules };
  }

  private and(depth: number): RuleExpression {
    const rules = [this.unary(depth)];
    while (this.is("&&")) {
      this.next();
      rules.push(this.unary(depth));
    }
    return rules.length === 1 ? (rules[0] as RuleExpression) : { kind: "and", rules };
  }

  private unary(depth: number): RuleExpression {
    if (depth > RULE_LIMITS.depth) {
      throw new RuleSyntaxError(this.token.at, RulesTexts.tooDeep(RULE_LIMITS.depth));
    }
    if (this.is("!")) {
      this.next();
      return { kind: "not", rule: this.unary(depth + 1) };
    }
    if (this.is("(")) {
      this.next();
      const rule = this.or(depth + 1);
      this.expect(")");
      return rule;
    }
    return this.comparison();
  }

  private comparison(): RuleExpression {
    const start = this.token.at;
    const left = this.operand();
    const opToken = this.token;
    const op = opToken.text;
    const isOp =
      (opToken.type === "op" && COMPARE_OPS.has(op)) ||
      (opToken.type === "word" && (op === "in" || op === "contains"));
    if (!isOp) {
      // A lone `true` or `false` is a constant; any other lone value means `== true`
      // (`auth.verified`), and `auth` alone means signed in.
      if (left.kind === "literal" && typeof left.value === "boolean") {
        return { kind: "constant", value: left.value };
      }
      this.count(start);
      if (left.kind === "auth" && left.field === null) {
        return { kind: "compare", left, op: "!=", right: { kind: "literal", value: null } };
      }
      return { kind: "compare", left, op: "==", right: { kind: "literal", value: true } };
    }
    this.next();
    const rightAt = this.token.at;
    const right = this.operand();
    this.count(start);
    const ruleOp = op as RuleOp;
    this.check(left, ruleOp, right, start, rightAt);
    return { kind: "compare", left, op: ruleOp, right };
  }

  private count(at: number) {
    this.comparisons++;
    if (this.comparisons > RULE_LIMITS.comparisons) {
      throw new RuleSyntaxError(at, RulesTexts.tooComplex(RULE_LIMITS.comparisons));
    }
  }

  private check(left: Operand, op: RuleOp, right: Operand, at: number, rightAt: number) {
    if (left.kind === "doc" && right.kind === "doc") {
      throw new RuleSyntaxError(rightAt, RulesTexts.docWithDoc);
    }
    for (const [side, where] of [
      [left, at],
      [right, rightAt],
    ] as const) {
      if (side.kind === "auth" && side.field === null) {
        const other = side === left ? right : left;
        if (!(op === "==" || op === "!=") || other.kind !== "literal" || other.value !== null) {
          throw new RuleSyntaxError(where, RulesTexts.authCompare);
        }
      }
      if (
        RANGE_OPS.has(op) &&
        side.kind === "literal" &&
        (side.value === null || typeof side.value === "object")
      ) {
        throw new RuleSyntaxError(where, RulesTexts.rangeValue(op));
      }
    }
    if (op === "in" && right.kind === "literal" && !Array.isArray(right.value)) {
      throw new RuleSyntaxError(rightAt, RulesTexts.inNeedsList);
    }
  }

  private operand(): Operand {
    const token = this.token;
    if (token.type === "string") {
      this.next();
      return { kind: "literal", value: token.value };
    }
    if (token.type === "number") {
      this.next();
      return { kind: "literal", value: token.value };
    }
    if (token.type === "op" && token.text === "[") return { kind: "literal", value: this.list() };
    if (token.type !== "word") throw new RuleSyntaxError(token.at, RulesTexts.expectedOperand);
    this.next();
    switch (token.text) {
      case "true":
        return { kind: "literal", value: true };
      case "false":
        return { kind: "literal", value: false };
      case "null":
        return { kind: "literal", value: null };
      case "auth": {
        if (!this.is(".")) return { kind: "auth", field: null };
        this.next();
        const field = this.token;
        if (field.type !== "word") {
          throw new RuleSyntaxError(field.at, RulesTexts.expectedField("auth"));
        }
        this.next();
        if (!AUTH_FIELDS.has(field.text)) {
          throw new RuleSyntaxError(field.at, RulesTexts.unknownAuthField(field.text));
        }
        return { kind: "auth", field: field.text as AuthField };
      }
      case "doc": {
        if (this.action === "create") throw new RuleSyntaxError(token.at, RulesTexts.docInCreate);
        const [path, at] = this.path("doc");
        const [first = ""] = path;
        if ((SERVER_FIELDS as readonly string[]).includes(first)) {
          if (path.length > 1) throw new RuleSyntaxError(at, RulesTexts.serverFieldPath(first));
          return { kind: "doc", field: { kind: "server", name: first as ServerField } };
        }
        return { kind: "doc", field: { kind: "data", path } };
      }
      case "data": {
        if (this.action !== "create" && this.action !== "update") {
          throw new RuleSyntaxError(token.at, RulesTexts.dataOutsideWrite);
        }
        const [path, at] = this.path("data");
        const [first = ""] = path;
        if ((SERVER_FIELDS as readonly string[]).includes(first)) {
          throw new RuleSyntaxError(at, RulesTexts.serverFieldInData(first));
        }
        return { kind: "data", path };
      }
      default:
        throw new RuleSyntaxError(token.at, RulesTexts.unknownName(token.text));
    }
  }

  /** `.key`, `.key["other key"]`…: at least one key. */
  private path(root: string): [string[], number] {
    const path: string[] = [];
    const at = this.token.at;
    if (!this.is(".")) throw new RuleSyntaxError(this.token.at, RulesTexts.expectedField(root));
    while (this.is(".") || (this.is("[") && path.length > 0)) {
      if (this.next().text === ".") {
        const key = this.token;
        if (key.type !== "word") throw new RuleSyntaxError(key.at, RulesTexts.expectedField(root));
        this.next();
        path.push(key.text);
      } else {
        const key = this.token;
        if (key.type !== "string") {
          throw new RuleSyntaxError(key.at, RulesTexts.expectedField(root));
        }
        this.next();
        this.expect("]");
        path.push(key.value);
      }
    }
    return [path, at + 1];
  }

  private list(): JsonValue[] {
    this.next();
    const values: JsonValue[] = [];
    if (this.is("]")) {
      this.next();
      return values;
    }
    for (;;) {
      const token = this.token;
      const value = this.operandOrNull();
      if (value === undefined) throw new RuleSyntaxError(token.at, RulesTexts.listNotLiteral);
      values.push(value);
      if (this.is(",")) {
        this.next();
        continue;
      }
      this.expect("]");
      return values;
    }
  }

  private operandOrNull(): JsonValue | undefined {
    const token = this.token;
    if (token.type === "string" || token.type === "number") {
      this.next();
      return token.value;
    }
    if (token.type === "word" && ["true", "false", "null"].includes(token.text)) {
      this.next();
      return token.text === "null" ? null : token.text === "true";
    }
    return undefined;
  }
}

/** Line and column (1-based) of an offset in a source. */
function place(source: string, at: number): { line: number; column: number } {
  const before = source.slice(0, at).split("\n");
  return { line: before.length, column: (before.at(-1) ?? "").length + 1 };
}

/** Parses and validates one rule for `action`; its first error, placed, when it has one. */
export function parseRule(source: string, action: RuleAction): ParsedRule {
  if (source.length > RULE_LIMITS.length) {
    return {
      ok: false,
      error: { line: 1, column: 1, message: RulesTexts.tooLong(RULE_LIMITS.length) },
    };
  }
  if (source.trim() === "") {
    return { ok: false, error: { line: 1, column: 1, message: RulesTexts.empty } };
  }
  try {
    return { ok: true, rule: new Parser(tokenize(source), action).parse() };
  } catch (error) {
    if (!(error instanceof RuleSyntaxError)) throw error;
    return { ok: false, error: { ...place(source, error.at), message: error.message } };
  }
}

/** What a rule's source is when it is a plain `true` or `false` (for the console's choices). */
export function constantRule(source: string): boolean | null {
  const trimmed = source.trim();
  return trimmed === "true" ? true : trimmed === "false" ? false : null;
}
