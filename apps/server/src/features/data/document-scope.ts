import { ErrorCodes } from "@hybridge/shared/common/errors";
import type { JsonValue } from "@hybridge/shared/data/query";
import { type BoundRule, bindRule, type RuleAuth, ruleHolds } from "@hybridge/shared/rules/bind";
import type { RuleAction } from "@hybridge/shared/rules/expression";
import { RulesTexts } from "@hybridge/shared/rules/texts";
import { and, eq, type SQL } from "drizzle-orm";
import type { AppCaller } from "../../platform/database-key";
import { documents } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { ParsedCollectionRules } from "./collection-rules";
import { compileRule, type IndexedPaths, NO_INDEXED_PATHS } from "./compile-query";

/**
 * Who asks for a project's documents: an app by the project's Test Mode database key
 * (requireProjectKey, which yields the key's project and hash), or the project's owner in the
 * console, once requireOwnedProject said the project is theirs — both reach every document of
 * the project — or a live app by its public app key, as its signed-in user or nobody (`auth`
 * null), who reaches what the collection's access rules allow (decision 044).
 */
export type DataCaller =
  | ({ kind: "app" } & AppCaller)
  | { kind: "owner"; projectId: string; userId: string }
  | UserCaller;

/** A live app's caller: its app key's project, and its user (an access token's) or nobody. */
export type UserCaller = {
  kind: "user";
  projectId: string;
  keyApp: string;
  auth: RuleAuth;
  /** When the access token expires (ms), null for nobody: a stream ends then. */
  expiresAt: number | null;
};

/** The caller of an app's request, its key checked. */
export const appCaller = (app: AppCaller): { kind: "app" } & AppCaller => ({
  kind: "app",
  projectId: app.projectId,
  adminId: app.adminId,
  keyApp: app.keyApp,
  keyHash: app.keyHash,
});

/** The caller of the console's request, the project checked as the user's. */
export const ownerCaller = (userId: string, projectId: string): DataCaller => ({
  kind: "owner",
  projectId,
  userId,
});

/** A collection's key in the page cache (document-pages.ts): its pages are voided by it. */
export const collectionKey = (projectId: string, collection: string) =>
  `${projectId}\n${collection}`;

/** The live hub's channel of a collection's changes (watch-documents.ts publishes on it). */
export const collectionChannel = (projectId: string, collection: string) =>
  `data:${projectId}:${collection}`;

/**
 * The documents a query may touch: one collection of the caller's project. Every read, write
 * and delete of documents (documents.ts, document-files.ts), the page cache and the live stream
 * take their rows, key and channel from a scope, and both callers get one from documentScope.
 *
 * This is where the next issues plug in: a filter or an app user's access rules narrow `where`
 * (and, when two callers may then see different pages of one collection, the page key the
 * cache is asked with); the collection's key and channel stay the collection's, since any
 * change in it concerns every caller.
 */
export class DocumentScope {
  readonly caller: DataCaller;
  readonly projectId: string;
  readonly collection: string;
  /** The collection's key in the page cache (collectionKey). */
  readonly key: string;
  /**
   * The collection's access rules, for a user caller (null: the collection has none, so every
   * rule refuses). Unused for the other callers, whom rules do not bind.
   */
  readonly rules: ParsedCollectionRules | null;
  /**
   * The paths a ruled caller's conditions read from `documents.indexed` (decision 065): those
   * of the collection's ready declared indexes, so that a rule's condition (`doc.owner ==
   * auth.id`) is read from the index declared for it.
   */
  readonly indexed: IndexedPaths;
  private readonly bound = new Map<RuleAction, BoundRule>();

  constructor(
    caller: DataCaller,
    collection: string,
    rules: ParsedCollectionRules | null = null,
    indexed: IndexedPaths = NO_INDEXED_PATHS,
  ) {
    this.caller = caller;
    this.projectId = caller.projectId;
    this.collection = collection;
    this.key = collectionKey(caller.projectId, collection);
    this.rules = rules;
    this.indexed = indexed;
  }

  /** Whether access rules bind this caller (a live app's user or nobody). */
  get ruled(): boolean {
    return this.caller.kind === "user";
  }

  /**
   * The rule of `action` bound to this caller (and, for create and update, to the written
   * document): decided, or conditions on the stored document. Refuses when no rules exist.
   */
  rule(action: RuleAction, data?: Record<string, JsonValue>): BoundRule {
    if (this.caller.kind !== "user") return { kind: "constant", value: true };
    if (!this.rules) return { kind: "constant", value: false };
    if (data !== undefined) return bindRule(this.rules[action], { auth: this.caller.auth, data });
    let bound = this.bound.get(action);
    if (!bound) {
      bound = bindRule(this.rules[action], { auth: this.caller.auth });
      this.bound.set(action, bound);
    }
    return bound;
  }

  /** The collection's live channel (collectionChannel). */
  get channel(): string {
    return collectionChannel(this.projectId, this.collection);
  }

  /** Refuses (403) a new document the create rule does not allow; the others pass. */
  checkCreate(data: Record<string, unknown>) {
    if (!this.ruled) return;
    if (!ruleHolds(this.rule("create", data as Record<string, JsonValue>), null)) {
      throw new AppError(ErrorCodes.FORBIDDEN, RulesTexts.createRefused);
    }
  }

  /**
   * The documents in scope, as an SQL condition on the documents table: for a ruled caller,
   * those the rule of `action` allows (list: queries, pages, live streams; get; delete).
   */
  where(action: "list" | "get" | "delete" = "list"): SQL {
    const collection = and(callerDocuments(this.caller), eq(documents.collection, this.collection));
    if (!this.ruled) return collection as SQL;
    return and(collection, compileRule(this.rule(action), this.indexed)) as SQL;
  }
}

/** The scope of a caller's request on one collection (with its rules for a user caller). */
export const documentScope = (
  caller: DataCaller,
  collection: string,
  rules: ParsedCollectionRules | null = null,
  indexed: IndexedPaths = NO_INDEXED_PATHS,
) => new DocumentScope(caller, collection, rules, indexed);

/** Every document the caller may reach, all collections (the console's list of collections). */
export const callerDocuments = (caller: DataCaller): SQL =>
  eq(documents.projectId, caller.projectId);
