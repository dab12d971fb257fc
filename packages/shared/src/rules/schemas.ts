import { z } from "zod";
import { COLLECTION_NAME } from "../data/schemas";
import { parseRule, RULE_ACTIONS, type RuleAction, type RuleError } from "./expression";
import { RulesTexts } from "./texts";

/** The deploy API's path for a project's rules (`hybridge rules deploy`, a deploy token). */
export const RULES_API_PATH = "/api/v1/rules";
/** At most this many collections have rules in one project. */
export const MAX_RULED_COLLECTIONS = 100;

/** A collection's five rules, each as its source text. */
export type CollectionRules = Record<RuleAction, string>;

/** One error of a set of rules, placed in its collection, rule, line and column. */
export type RulesIssue = RuleError & { collection: string; action: RuleAction };

/** The errors of a collection's five rules, each placed (none when all five are valid). */
export function collectionRulesIssues(collection: string, rules: CollectionRules): RulesIssue[] {
  const issues: RulesIssue[] = [];
  for (const action of RULE_ACTIONS) {
    const parsed = parseRule(rules[action], action);
    if (!parsed.ok) issues.push({ ...parsed.error, collection, action });
  }
  return issues;
}

/** An issue as one line: `notes.update: line 1, position 14: Unknown name "auht"…`. */
export const issueLine = (issue: RulesIssue) =>
  RulesTexts.ruleFor(issue.collection, issue.action, issue.line, issue.column, issue.message);

const ruleSource = z
  .union([z.boolean(), z.string()])
  .transform((value) => (typeof value === "boolean" ? String(value) : value));

/**
 * A collection's five rules as the console's editor sends them (each `true`, `false` or an
 * expression), every rule parsed: the first error of each is the field's message.
 */
export const CollectionRulesInputSchema = z
  .object({
    list: ruleSource,
    get: ruleSource,
    create: ruleSource,
    update: ruleSource,
    delete: ruleSource,
  })
  .superRefine((rules, context) => {
    for (const issue of collectionRulesIssues("", rules)) {
      context.addIssue({
        code: "custom",
        path: [issue.action],
        message: `line ${issue.line}, position ${issue.column}: ${issue.message}`,
      });
    }
  });
export type CollectionRulesInput = z.input<typeof CollectionRulesInputSchema>;

export const CollectionRulesSchema = z.object({
  collection: z.string(),
  list: z.string(),
  get: z.string(),
  create: z.string(),
  update: z.string(),
  delete: z.string(),
  updatedAt: z.string(),
});
export type CollectionRulesView = z.infer<typeof CollectionRulesSchema>;

export const ProjectRulesResponseSchema = z.object({
  collections: z.array(CollectionRulesSchema),
});
export type ProjectRulesResponse = z.infer<typeof ProjectRulesResponseSchema>;

/**
 * Reads `hybridge.rules.json` (already JSON): each collection to its five rules. Every error,
 * each on its own line, or the rules as source texts.
 */
export function parseRulesFile(
  input: unknown,
): { rules: Map<string, CollectionRules>; issues?: undefined } | { issues: string[] } {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { issues: [RulesTexts.rulesFileObject] };
  }
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > MAX_RULED_COLLECTIONS) {
    return { issues: [RulesTexts.tooManyCollections(MAX_RULED_COLLECTIONS)] };
  }
  const issues: string[] = [];
  const rules = new Map<string, CollectionRules>();
  for (const [collection, value] of entries) {
    if (!COLLECTION_NAME.test(collection)) {
      issues.push(RulesTexts.rulesCollectionName(collection));
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push(RulesTexts.rulesFileObject);
      continue;
    }
    const given = value as Record<string, unknown>;
    const sources: Partial<CollectionRules> = {};
    for (const key of Object.keys(given)) {
      if (!(RULE_ACTIONS as readonly string[]).includes(key)) {
        issues.push(RulesTexts.rulesUnknownAction(collection, key));
      }
    }
    for (const action of RULE_ACTIONS) {
      const source = given[action];
      if (source === undefined) issues.push(RulesTexts.rulesMissingAction(collection, action));
      else if (typeof source === "boolean") sources[action] = String(source);
      else if (typeof source === "string") sources[action] = source;
      else issues.push(RulesTexts.rulesValue(collection, action));
    }
    if (RULE_ACTIONS.every((action) => sources[action] !== undefined)) {
      const complete = sources as CollectionRules;
      issues.push(...collectionRulesIssues(collection, complete).map(issueLine));
      rules.set(collection, complete);
    }
  }
  return issues.length > 0 ? { issues } : { rules };
}

/** The body of `PUT /api/v1/rules`: the rules file's JSON as it is. */
export const DeployRulesInputSchema = z.object({ rules: z.unknown() });
export const DeployRulesResponseSchema = z.object({ collections: z.array(z.string()) });
export type DeployRulesResponse = z.infer<typeof DeployRulesResponseSchema>;

/** The rules a new collection gets from a template in the console. */
export const RULE_TEMPLATES = {
  privatePerUser: {
    list: "doc.owner == auth.id",
    get: "doc.owner == auth.id",
    create: "auth != null && data.owner == auth.id",
    update: "doc.owner == auth.id && data.owner == auth.id",
    delete: "doc.owner == auth.id",
  },
  publicReadOwnerWrite: {
    list: "true",
    get: "true",
    create: "auth != null && data.owner == auth.id",
    update: "doc.owner == auth.id && data.owner == auth.id",
    delete: "doc.owner == auth.id",
  },
  adminOnly: {
    list: 'auth.verified && auth.email in ["admin@example.com"]',
    get: 'auth.verified && auth.email in ["admin@example.com"]',
    create: 'auth.verified && auth.email in ["admin@example.com"]',
    update: 'auth.verified && auth.email in ["admin@example.com"]',
    delete: 'auth.verified && auth.email in ["admin@example.com"]',
  },
  nobody: { list: "false", get: "false", create: "false", update: "false", delete: "false" },
} as const satisfies Record<string, CollectionRules>;

/**
 * The console's rule tester: as this app user (or nobody), may `action` be done on
 * `collection`? With the editor's rules when given (unsaved), else the stored ones. list takes a
 * query's conditions (`where`, as the query API's), get/update/delete a document's id,
 * create/update the written data.
 */
export const RulesTestInputSchema = z.object({
  collection: z.string().regex(COLLECTION_NAME, RulesTexts.testCollection),
  action: z.enum(RULE_ACTIONS),
  /** An app user's e-mail; null or absent: nobody signed in. */
  email: z.string().trim().toLowerCase().max(254).nullish(),
  rules: CollectionRulesInputSchema.optional(),
  where: z.array(z.unknown()).max(20).optional(),
  documentId: z.string().max(64).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type RulesTestInput = z.input<typeof RulesTestInputSchema>;

export const RulesTestResultSchema = z.object({
  allowed: z.boolean(),
  /** Why, in a sentence: the rule as bound to the user, and what it decided. */
  reason: z.string(),
  /** list: how many documents the query matches, and how many of them the rule lets through. */
  matching: z.number().optional(),
  visible: z.number().optional(),
});
export type RulesTestResult = z.infer<typeof RulesTestResultSchema>;
