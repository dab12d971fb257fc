import {
  parseRule,
  RULE_ACTIONS,
  type RuleAction,
  type RuleExpression,
} from "@hybridge/shared/rules/expression";
import {
  type CollectionRules,
  type CollectionRulesView,
  collectionRulesIssues,
  issueLine,
  parseRulesFile,
} from "@hybridge/shared/rules/schemas";
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Db } from "../../platform/db/client";
import { createListener } from "../../platform/db/listener";
import { collectionRules } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

// A project's access rules (decision 044): five rules per collection, stored as their source
// text (collection_rules), parsed and validated before they are stored. Each server keeps every
// project's parsed rules it has used: a write forgets them here at once and, through the
// collection_rules notification, on every other server within milliseconds; they are trusted
// at most RULES_TRUST_MS without a notification heard.

/** A collection's rules, parsed: what a request binds to its user (rules/bind.ts). */
export type ParsedCollectionRules = Record<RuleAction, RuleExpression>;

const RULES_CHANNEL = "collection_rules";
const RULES_TRUST_MS = 30_000;
/** While notifications are not heard (yet), rules are read again after this. */
const RULES_UNHEARD_MS = 1_000;
const PROJECTS_REMEMBERED = 10_000;

type Remembered = { rules: Map<string, ParsedCollectionRules>; until: number };
type RulesMemory = {
  projects: Map<string, Remembered>;
  generation: number;
  heard: () => Promise<boolean>;
};
const memories = new WeakMap<Db, RulesMemory>();
function memoryOf(db: Db): RulesMemory {
  let memory = memories.get(db);
  if (!memory) {
    memory = { projects: new Map(), generation: 0, heard: async () => false };
    memories.set(db, memory);
  }
  return memory;
}

function forget(db: Db, projectId?: string) {
  const memory = memoryOf(db);
  memory.generation++;
  if (projectId === undefined) memory.projects.clear();
  else memory.projects.delete(projectId);
}

/** Hears other servers' rule changes (LISTEN collection_rules) until `close`. */
export function rememberCollectionRules(options: {
  db: Db;
  listen: Database["listen"];
  log: FastifyBaseLogger;
}) {
  const memory = memoryOf(options.db);
  const listener = createListener({
    listen: options.listen,
    channel: RULES_CHANNEL,
    onNotify: (projectId) => forget(options.db, projectId),
    onRelisten: () => forget(options.db),
    log: options.log,
  });
  let closed = false;
  memory.heard = async () => !closed && (await listener.ready()) !== undefined;
  return {
    async close() {
      closed = true;
      forget(options.db);
      await listener.close();
    },
  };
}

function parsed(rules: CollectionRules): ParsedCollectionRules {
  const out = {} as ParsedCollectionRules;
  for (const action of RULE_ACTIONS) {
    const result = parseRule(rules[action], action);
    // Stored rules were valid when stored; one that no longer parses refuses (nobody).
    out[action] = result.ok ? result.rule : { kind: "constant", value: false };
  }
  return out;
}

/** The project's parsed rules, by collection (a collection without rules is absent). */
export async function projectRules(
  db: Db,
  projectId: string,
): Promise<Map<string, ParsedCollectionRules>> {
  const memory = memoryOf(db);
  const now = Date.now();
  const known = memory.projects.get(projectId);
  if (known && known.until > now) return known.rules;
  const generation = memory.generation;
  const heard = await memory.heard();
  const rows = await db
    .select()
    .from(collectionRules)
    .where(eq(collectionRules.projectId, projectId));
  const rules = new Map(rows.map((row) => [row.collection, parsed(row)]));
  if (memory.generation === generation) {
    if (memory.projects.size >= PROJECTS_REMEMBERED) {
      const oldest = memory.projects.keys().next().value;
      if (oldest !== undefined) memory.projects.delete(oldest);
    }
    memory.projects.set(projectId, {
      rules,
      until: now + (heard ? RULES_TRUST_MS : RULES_UNHEARD_MS),
    });
  }
  return rules;
}

/** Forgets here, then tells the other servers (after the write's commit). */
async function changed(db: Db, projectId: string) {
  forget(db, projectId);
  await db.execute(sql`select pg_notify(${RULES_CHANNEL}, ${projectId})`);
}

const view = (row: typeof collectionRules.$inferSelect): CollectionRulesView => ({
  collection: row.collection,
  list: row.list,
  get: row.get,
  create: row.create,
  update: row.update,
  delete: row.delete,
  updatedAt: row.updatedAt.toISOString(),
});

/** Every collection's rules, as stored, by collection name. */
export async function listCollectionRules(db: Db, projectId: string) {
  const rows = await db
    .select()
    .from(collectionRules)
    .where(eq(collectionRules.projectId, projectId))
    .orderBy(collectionRules.collection);
  return { collections: rows.map(view) };
}

function refuseInvalid(collection: string, rules: CollectionRules) {
  const issues = collectionRulesIssues(collection, rules);
  if (issues.length > 0) throw AppError.validation(issues.map(issueLine).join("\n"));
}

/** Sets one collection's five rules (validated again here: the server decides). */
export async function putCollectionRules(
  db: Db,
  projectId: string,
  collection: string,
  rules: CollectionRules,
): Promise<CollectionRulesView> {
  refuseInvalid(collection, rules);
  const values = { ...pick(rules), updatedAt: sql`now()` };
  const [row] = await db
    .insert(collectionRules)
    .values({ projectId, collection, ...values })
    .onConflictDoUpdate({
      target: [collectionRules.projectId, collectionRules.collection],
      set: values,
    })
    .returning();
  await changed(db, projectId);
  return view(row as typeof collectionRules.$inferSelect);
}

const pick = (rules: CollectionRules): CollectionRules => ({
  list: rules.list,
  get: rules.get,
  create: rules.create,
  update: rules.update,
  delete: rules.delete,
});

/** Removes a collection's rules: app users then reach none of its documents. */
export async function deleteCollectionRules(db: Db, projectId: string, collection: string) {
  const [row] = await db
    .delete(collectionRules)
    .where(
      and(eq(collectionRules.projectId, projectId), eq(collectionRules.collection, collection)),
    )
    .returning({ collection: collectionRules.collection });
  if (!row) return false;
  await changed(db, projectId);
  return true;
}

/**
 * Replaces every rule of the project by those of a rules file (`hybridge rules deploy`): every
 * error of the file refuses it whole (one line each), else in one transaction the file's
 * collections are written and the others' rules removed.
 */
export async function deployRules(db: Db, projectId: string, file: unknown) {
  const read = parseRulesFile(file);
  if (read.issues) throw AppError.validation(read.issues.join("\n"));
  const names = [...read.rules.keys()].sort();
  await db.transaction(async (tx) => {
    await tx
      .delete(collectionRules)
      .where(
        names.length > 0
          ? and(
              eq(collectionRules.projectId, projectId),
              notInArray(collectionRules.collection, names),
            )
          : eq(collectionRules.projectId, projectId),
      );
    for (const collection of names) {
      const values = {
        ...pick(read.rules.get(collection) as CollectionRules),
        updatedAt: sql`now()`,
      };
      await tx
        .insert(collectionRules)
        .values({ projectId, collection, ...values })
        .onConflictDoUpdate({
          target: [collectionRules.projectId, collectionRules.collection],
          set: values,
        });
    }
  });
  await changed(db, projectId);
  return { collections: names };
}
