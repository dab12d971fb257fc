import {
  AdminAuditQuerySchema,
  AuditPageSchema,
  AuditQuerySchema,
} from "@hybridge/shared/audit/schemas";
import { ProjectIdParamsSchema } from "@hybridge/shared/builds/schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireUser } from "../../platform/session";
import { listAllAudit, listProjectAudit } from "./list-audit";

/** The audit log (decision 063): a project's events for its owner, every event for admins. */
export async function registerAuditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    "/api/projects/:id/audit",
    {
      schema: {
        params: ProjectIdParamsSchema,
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return listProjectAudit({
        db,
        userId: user.id,
        projectId: request.params.id,
        ...request.query,
      });
    },
  );

  r.get(
    "/api/admin/audit",
    { schema: { querystring: AdminAuditQuerySchema, response: { 200: AuditPageSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return listAllAudit({ db, isAdmin: user.isAdmin, ...request.query });
    },
  );
}
