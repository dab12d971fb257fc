import { SHELL_RUNTIME_VERSION } from "@hybridge/agent/android";
import type { Job } from "@hybridge/shared/agents/protocol";
import {
  DEFAULT_CHANNEL,
  type DeployUpdateFields,
  type Update,
} from "@hybridge/shared/updates/schemas";
import type { Db } from "../../platform/db/client";
import { createEncryption } from "../../platform/encryption";
import type { Storage } from "../../platform/storage";
import { createUpdate } from "./create-update";
import { ensureUpdateKey } from "./update-keys";

/**
 * What the updates feature gives the others (wired in app.ts, decision 051): the deploy's update
 * (channel production at 100 % unless the deploy says otherwise) and a build's hybridge.json
 * settings (the project's update key, made on first need: every build can take updates).
 */
export function updatesForFeatures(deps: {
  db: Db;
  storage: Storage;
  secret: string;
  publicUrl: string;
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
      });
    },

    async updatesFor(projectId: string): Promise<Job["updates"]> {
      const key = await ensureUpdateKey(deps.db, seal, projectId);
      return { server: deps.publicUrl, channel: DEFAULT_CHANNEL, publicKey: key.publicKey };
    },
  };
}
