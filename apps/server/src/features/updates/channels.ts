import type { Channel } from "@hybridge/shared/updates/schemas";
import { UpdatesTexts } from "@hybridge/shared/updates/texts";
import { eq } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { Db } from "../../platform/db/client";
import { projects, updateChannels } from "../../platform/db/schema";
import { AppError, isUniqueViolation } from "../../platform/errors";
import { requireOwnedProject } from "../../platform/owned-project";
import { channelCache } from "./update-cache";

/**
 * `POST /api/projects/:id/updates/channels`: a new, empty channel (decision 056). The unique
 * (project, name) constraint decides between two concurrent creates: one 201, one 409.
 */
export async function createChannel(options: {
  db: Db;
  userId: string;
  projectId: string;
  name: string;
}): Promise<Channel> {
  const { db, projectId, name } = options;
  await requireOwnedProject(db, {
    userId: options.userId,
    projectId,
    notFound: UpdatesTexts.channelNotFound,
  });
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(updateChannels).values({ projectId, name }).returning();
      if (!inserted) throw new Error("insert returned no channel");
      await recordAudit(tx, {
        actorId: options.userId,
        projectId,
        action: "channel.created",
        details: { channel: name },
      });
      return inserted;
    });
    channelCache.clear();
    return {
      name: row.name,
      embeddedAt: null,
      createdAt: row.createdAt.toISOString(),
      updates: [],
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(UpdatesTexts.channelExists(name));
    throw error;
  }
}

/**
 * `PUT /api/projects/:id/updates/build-channel`: the channel the project's new Android builds
 * take updates from (projects.update_channel, written into each job's hybridge.json). The
 * channel is made if it does not exist yet, as a deploy to it would: a build may follow a
 * channel before its first update.
 */
export async function setBuildChannel(options: {
  db: Db;
  userId: string;
  projectId: string;
  channel: string;
}): Promise<string> {
  const { db, projectId, channel } = options;
  return db.transaction(async (tx) => {
    await requireOwnedProject(tx, {
      userId: options.userId,
      projectId,
      notFound: UpdatesTexts.channelNotFound,
      lock: "update",
    });
    await tx.insert(updateChannels).values({ projectId, name: channel }).onConflictDoNothing();
    await tx.update(projects).set({ updateChannel: channel }).where(eq(projects.id, projectId));
    return channel;
  });
}
