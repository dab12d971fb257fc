import { SHELL_RUNTIME_VERSION } from "@hybridge/agent/android";
import type { Job } from "@hybridge/shared/agents/protocol";
import {
  DEFAULT_CHANNEL,
  type DeployUpdateFields,
  type Update,
} from "@hybridge/shared/updates/schemas";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { projects } from "../../platform/db/schema";
import { createEncryption } from "../../platform/encryption";
import type { Storage } from "../../platform/storage";
import { createUpdate } from "./create-update";
import { ensureUpdateKey } from "./update-keys";

/**
 * What the updates feature gives the others (wired in app.ts, decision 051): the deploy's update
 * (channel production at 100 % unless the deploy says otherwise) and a build's hybridge.json
 * settings (the project's update key, made on first need: every build can take updates; the
 * channel the project chose for its new builds, decision 056).
 */
export function updatesForFeatures(deps: {
  db: Db;
  storage: Storage;
  secret: string;
  publicUrl: string;
  /** PROJECT_MAX_STORAGE_MB in bytes: an update's zip counts in the project's storage. */
  maxProjectBytes: number;
}) {
  const seal = createEncryption(deps.secret, "updateKey");
  return {
    async deployUpdate(input: {
      projectId: string;
      ownerId: string;
      bundleId: string;
      fields: DeployUpdateFields;
    }): Promise<Update> {
      return createUpdate({
        db: deps.db,
        storage: deps.storage,
        seal,
        projectId: input.projectId,
        ownerId: input.ownerId,
        bundleId: input.bundleId,
        channel: input.fields.channel ?? DEFAULT_CHANNEL,
        message: input.fields.message ?? "",
        rolloutPercent: input.fields.rolloutPercent ?? 100,
        runtimeVersion: SHELL_RUNTIME_VERSION,
        maxProjectBytes: deps.maxProjectBytes,
      });
    },

    async updatesFor(projectId: string): Promise<Job["updates"]> {
      const key = await ensureUpdateKey(deps.db, seal, projectId);
      const [project] = await deps.db
        .select({ channel: projects.updateChannel })
        .from(projects)
        .where(eq(projects.id, projectId));
      return {
        server: deps.publicUrl,
        channel: project?.channel ?? DEFAULT_CHANNEL,
        publicKey: key.publicKey,
      };
    },
  };
}
