import type { NavbarType } from "@hybridge/shared/common/enums";
import { normaliseDevUrl } from "@hybridge/shared/dev-app/dev-url";
import {
  BAD_DEV_URL,
  DEV_LINK_VERSION,
  type DevLinkResponse,
  type PreviewUpdate,
  UNKNOWN_UPDATE,
} from "@hybridge/shared/dev-app/schemas";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { updateBundlePath } from "@hybridge/shared/updates/schemas";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import {
  projects,
  testConfigs,
  updateChannels,
  updateKeys,
  updates,
} from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

/**
 * What the dev app reads for a link `{PUBLIC_URL}/dev/{appKey}?url=…` (and the /dev page, to
 * check it): the app, the dev server's normalised URL, and the presentation settings of the
 * project owner's test console — navbar type and status bar colour, the project's own when the
 * owner never opened it. Public, like the QR code that carries the link (decision 049): nothing here is
 * secret, and the dev server's address comes from the link, never from the server.
 *
 * A dev server address the dev app may not load is refused first (400 BAD_DEV_URL, no database
 * read); an unknown app key is a 404.
 *
 * A preview link (`update`, issue 27, decision 057) names one of the app's updates instead of a
 * dev server: the answer carries it (what a check would offer, plus what the /dev page shows)
 * and the project's update key, or 404 when the app has no such update. Any update may be
 * previewed — paused, rolled back, at any rollout — and nothing is recorded: a preview is not
 * an install. The id is unguessable and nothing returned is secret (the bundle's URL is as
 * public as a check's answer).
 */
export async function getDevLink(options: {
  db: Db;
  publicUrl: string;
  appKey: string;
  url: string;
  update?: string | undefined;
}): Promise<DevLinkResponse> {
  const { db, publicUrl, appKey } = options;
  if (options.update !== undefined) {
    return previewLink({ db, publicUrl, appKey, updateId: options.update.toLowerCase() });
  }
  const devUrl = normaliseDevUrl(options.url);
  if (devUrl === null) throw new AppError(BAD_DEV_URL, DevLinkTexts.badDevUrl, 400);

  const app = await readApp(db, appKey);
  return { ...linkBase(app, publicUrl), devUrl, update: null, updatePublicKey: null };
}

/** The app and its owner's presentation settings (one query), or a 404. */
async function readApp(db: Db, appKey: string) {
  const [row] = await db
    .select({
      id: projects.id,
      keyApp: projects.keyApp,
      name: projects.name,
      navBarType: testConfigs.navBarType,
      statusBar: testConfigs.statusBar,
      projectNavBarType: projects.navBarType,
      projectStatusBar: projects.statusbar,
    })
    .from(projects)
    .leftJoin(testConfigs, eq(testConfigs.userId, projects.adminId))
    .where(eq(projects.keyApp, appKey))
    .limit(1);
  if (!row) throw AppError.notFound(DevLinkTexts.unknownApp);
  return row;
}

function linkBase(app: Awaited<ReturnType<typeof readApp>>, publicUrl: string) {
  return {
    v: DEV_LINK_VERSION,
    server: publicUrl,
    appKey: app.keyApp,
    appName: app.name,
    config: {
      // The column's CHECK constraint allows only the shared NAVBAR_TYPES.
      navBarType: (app.navBarType ?? app.projectNavBarType) as NavbarType,
      statusBar: sixDigitColour(app.statusBar ?? app.projectStatusBar),
    },
  } as const;
}

/** A preview link's answer: the app, then its update and update key (one query), or a 404. */
async function previewLink(options: {
  db: Db;
  publicUrl: string;
  appKey: string;
  updateId: string;
}): Promise<DevLinkResponse> {
  const { db, publicUrl, updateId } = options;
  const app = await readApp(db, options.appKey);
  const [row] = await db
    .select({
      update: updates,
      channel: updateChannels.name,
      publicKey: updateKeys.publicKey,
    })
    .from(updates)
    .innerJoin(updateChannels, eq(updateChannels.id, updates.channelId))
    .innerJoin(updateKeys, eq(updateKeys.projectId, updates.projectId))
    .where(and(eq(updates.id, updateId), eq(updates.projectId, app.id)))
    .limit(1);
  if (!row) throw new AppError(UNKNOWN_UPDATE, DevLinkTexts.unknownUpdate, 404);
  const { update } = row;
  const preview: PreviewUpdate = {
    id: update.id,
    url: `${publicUrl}${updateBundlePath(update.id)}`,
    sha256: update.sha256,
    signature: update.signature,
    size: update.size,
    message: update.message,
    channel: row.channel,
    rolloutPercent: update.rolloutPercent,
    state: update.rolledBackAt !== null ? "rolled-back" : update.paused ? "paused" : "live",
    createdAt: update.createdAt.toISOString(),
  };
  return {
    ...linkBase(app, publicUrl),
    devUrl: null,
    update: preview,
    updatePublicKey: row.publicKey,
  };
}

/** "#AbC" → "#aabbcc": the dev app parses one form only (the console also accepts 3 digits). */
export function sixDigitColour(hex: string): string {
  const digits = hex.replace(/^#/, "").toLowerCase();
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
  return `#${full}`;
}
