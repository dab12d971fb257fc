import { DEFAULT_ORDER, parseDocumentQuery } from "@hybridge/shared/data/query";
import {
  ProjectCollectionParamsSchema,
  ProjectDataParamsSchema,
} from "@hybridge/shared/data/schemas";
import { DataTexts } from "@hybridge/shared/data/texts";
import { describeRule, ruleHolds } from "@hybridge/shared/rules/bind";
import { parseRule, RULE_ACTIONS } from "@hybridge/shared/rules/expression";
import {
  CollectionRulesInputSchema,
  CollectionRulesSchema,
  DeployRulesInputSchema,
  DeployRulesResponseSchema,
  ProjectRulesResponseSchema,
  RULES_API_PATH,
  RulesTestInputSchema,
  type RulesTestResult,
  RulesTestResultSchema,
} from "@hybridge/shared/rules/schemas";
import { RulesTexts } from "@hybridge/shared/rules/texts";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Db } from "../../platform/db/client";
import { appUsers, documents } from "../../platform/db/schema";
import { microseconds } from "../../platform/db/time-text";
import { recordDeployTokenUse, requireDeployToken } from "../../platform/deploy-token";
import { AppError } from "../../platform/errors";
import { requireOwnedProject } from "../../platform/owned-project";
import { perAddressLimit } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { indexedPaths } from "./collection-indexes";
import {
  deleteCollectionRules,
  deployRules,
  listCollectionRules,
  type ParsedCollectionRules,
  projectRules,
  putCollectionRules,
} from "./collection-rules";
import { documentScope, ownerCaller } from "./document-scope";
import { isUuid } from "./documents";
import { countDocuments } from "./query-documents";

/**
 * A project's access rules (decision 044): the console reads, writes and tests them (the
 * owner, signed in), and `hybridge rules deploy` replaces them all (a deploy token).
 */
export async function registerRulesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, queries, config } = app.deps;

  const ownedProject = async (request: FastifyRequest, projectId: string) => {
    const user = await requireUser(request);
    await requireOwnedProject(db, {
      userId: user.id,
      projectId,
      notFound: DataTexts.projectNotFound,
    });
    return user;
  };

  r.get(
    "/api/projects/:id/rules",
    { schema: { params: ProjectDataParamsSchema, response: { 200: ProjectRulesResponseSchema } } },
    async (request, reply) => {
      await ownedProject(request, request.params.id);
      reply.header("Cache-Control", "no-store");
      return listCollectionRules(db, request.params.id);
    },
  );
  r.put(
    "/api/projects/:id/rules/:collection",
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      schema: {
        params: ProjectCollectionParamsSchema,
        body: CollectionRulesInputSchema,
        response: { 200: CollectionRulesSchema },
      },
    },
    async (request) => {
      await ownedProject(request, request.params.id);
      return putCollectionRules(db, request.params.id, request.params.collection, request.body);
    },
  );
  r.delete(
    "/api/projects/:id/rules/:collection",
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      schema: { params: ProjectCollectionParamsSchema },
    },
    async (request, reply) => {
      await ownedProject(request, request.params.id);
      const { id, collection } = request.params;
      if (!(await deleteCollectionRules(db, id, collection))) {
        throw AppError.notFound(RulesTexts.testNoRules(collection));
      }
      return reply.code(204).send();
    },
  );
  r.post(
    "/api/projects/:id/rules/test",
    {
      schema: {
        params: ProjectDataParamsSchema,
        body: RulesTestInputSchema,
        response: { 200: RulesTestResultSchema },
      },
    },
    async (request) => {
      const owner = await ownedProject(request, request.params.id);
      return testRule(db, queries, request.params.id, owner.id, request.body);
    },
  );

  // `hybridge rules deploy`: the rules file replaces every rule of the token's project.
  r.put(
    RULES_API_PATH,
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      schema: { body: DeployRulesInputSchema, response: { 200: DeployRulesResponseSchema } },
    },
    async (request, reply) => {
      const target = await requireDeployToken(request, reply);
      const deployed = await deployRules(db, target.projectId, request.body.rules);
      await recordDeployTokenUse(db, target.tokenId);
      return deployed;
    },
  );
}

type TestInput = z.output<typeof RulesTestInputSchema>;

/** What the tester answers: the rule bound to the user, decided or tried on the documents. */
async function testRule(
  db: Db,
  queries: Parameters<typeof countDocuments>[0]["queries"],
  projectId: string,
  ownerId: string,
  input: TestInput,
): Promise<RulesTestResult> {
  const { collection, action } = input;
  let auth = null;
  if (input.email) {
    const [user] = await db
      .select({ id: appUsers.id, email: appUsers.email, verified: appUsers.verified })
      .from(appUsers)
      .where(and(eq(appUsers.email, input.email), eq(appUsers.projectId, projectId)));
    if (!user) throw AppError.notFound(RulesTexts.testUserNotFound);
    auth = user;
  }
  let rules: ParsedCollectionRules | undefined;
  if (input.rules) {
    const given = input.rules;
    rules = Object.fromEntries(
      RULE_ACTIONS.map((one) => {
        const parsed = parseRule(given[one], one);
        return [one, parsed.ok ? parsed.rule : { kind: "constant", value: false }];
      }),
    ) as ParsedCollectionRules;
  } else {
    rules = (await projectRules(db, projectId)).get(collection);
  }
  if (!rules) return { allowed: false, reason: RulesTexts.testNoRules(collection) };
  const caller = { kind: "user" as const, projectId, keyApp: "", auth, expiresAt: null };
  const scope = documentScope(
    caller,
    collection,
    rules,
    await indexedPaths(db, projectId, collection),
  );
  const everything = documentScope(ownerCaller(ownerId, projectId), collection);

  if (action === "list") {
    const read = parseDocumentQuery({ where: input.where ?? [] });
    if (read.issues) throw AppError.validation(read.issues[0]?.message ?? "");
    const bound = scope.rule("list");
    const query = { ...read.query, orderBy: DEFAULT_ORDER };
    const [matching, visible] = await Promise.all([
      countDocuments({ db, queries, scope: everything, query }),
      countDocuments({ db, queries, scope, query }),
    ]);
    const text = describeRule(bound);
    return {
      allowed: !(bound.kind === "constant" && !bound.value),
      reason:
        bound.kind === "constant"
          ? RulesTexts.testDecided(bound.value, text)
          : RulesTexts.testList(visible.count, matching.count, text),
      matching: matching.count,
      visible: visible.count,
    };
  }
  if (action === "create") {
    if (!input.data) throw AppError.validation(RulesTexts.testDataRequired);
    const bound = scope.rule("create", input.data as never);
    const allowed = ruleHolds(bound, null);
    return { allowed, reason: RulesTexts.testDecided(allowed, describeRule(bound)) };
  }
  if (!input.documentId) throw AppError.validation(RulesTexts.testDocumentRequired);
  if (action === "update" && !input.data) throw AppError.validation(RulesTexts.testDataRequired);
  const [stored] = isUuid(input.documentId)
    ? await db
        .select({
          id: documents.id,
          data: documents.data,
          createdAt: microseconds(sql`${documents.createdAt}`),
          updatedAt: microseconds(sql`${documents.updatedAt}`),
        })
        .from(documents)
        .where(and(eq(documents.id, input.documentId), everything.where()))
    : [];
  if (!stored) return { allowed: false, reason: RulesTexts.testDocumentMissing };
  const document = { ...stored, data: stored.data as never };
  const bound =
    action === "update"
      ? scope.rule("update", { ...stored.data, ...input.data } as never)
      : scope.rule(action);
  const allowed = ruleHolds(bound, document);
  return { allowed, reason: RulesTexts.testDocument(allowed, describeRule(bound)) };
}
