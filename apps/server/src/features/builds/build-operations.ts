import { createHash } from "node:crypto";
import type {
  Build,
  BuildLogResponse,
  InstallPageResponse,
  SigningKeyInfoResponse,
} from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { buildLogs, builds, projects, signingKeys } from "../../platform/db/schema";
import type { Encryption } from "../../platform/encryption";
import { AppError } from "../../platform/errors";
import { findOwnedProject } from "../../platform/owned-project";
import type { Storage } from "../../platform/storage";
import { toBuild } from "./build-view";
import { recordInstall } from "./record-install";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner's build of the owner's project, or 404 (another user's build does not exist). */
async function ownedBuild(db: Db, options: { userId: string; projectId: string; buildId: string }) {
  if (!UUID.test(options.buildId)) throw AppError.notFound(BuildsTexts.buildNotFound);
  const [row] = await db
    .select()
    .from(builds)
    .where(
      and(
        eq(builds.id, options.buildId),
        eq(builds.projectId, options.projectId),
        eq(builds.ownerId, options.userId),
      ),
    );
  if (!row) throw AppError.notFound(BuildsTexts.buildNotFound);
  return row;
}

/**
 * Cancels a pending or building build. A building one's machine learns it at its next
 * heartbeat and stops; the build keeps its machine so that the heartbeat can be told.
 */
export async function cancelBuild(options: {
  db: Db;
  userId: string;
  projectId: string;
  buildId: string;
}): Promise<Build> {
  const { db } = options;
  const found = await ownedBuild(db, options);
  const [row] = await db
    .update(builds)
    .set({ status: "cancelled", finishedAt: sql`clock_timestamp()`, leaseExpiresAt: null })
    .where(and(eq(builds.id, found.id), inArray(builds.status, ["pending", "building"])))
    .returning();
  if (!row) throw AppError.conflict(BuildsTexts.notCancellable(found.status));
  await db.insert(buildLogs).values({ buildId: row.id, line: "Cancelled by the owner." });
  return toBuild(row);
}

/** The build's log lines after `after` (a viewer polls with the last seq it has), at most 1,000. */
export async function readBuildLog(options: {
  db: Db;
  userId: string;
  projectId: string;
  buildId: string;
  after?: number;
}): Promise<BuildLogResponse> {
  const build = await ownedBuild(options.db, options);
  const rows = await options.db
    .select({ id: buildLogs.id, line: buildLogs.line, at: buildLogs.createdAt })
    .from(buildLogs)
    .where(and(eq(buildLogs.buildId, build.id), gt(buildLogs.id, options.after ?? 0)))
    .orderBy(asc(buildLogs.id))
    .limit(1000);
  return {
    status: build.status,
    lines: rows.map((row) => ({ seq: row.id, line: row.line, at: row.at.toISOString() })),
  };
}

/** The file name a downloaded APK gets: the app code, kept to safe characters, and version. */
export function apkFileName(appKey: string, version: number) {
  const safe = appKey.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "app";
  return `${safe.slice(0, 60)}-v${version}.apk`;
}

/** The owner's download of a built app (ready or published). */
export async function openBuildArtifact(options: {
  db: Db;
  storage: Storage;
  userId: string;
  projectId: string;
  buildId: string;
}) {
  const build = await ownedBuild(options.db, options);
  if (!build.artifactKey) throw AppError.notFound(BuildsTexts.noArtifact);
  const opened = await options.storage.open(build.artifactKey);
  if (!opened) throw AppError.notFound(BuildsTexts.noArtifact);
  return { ...opened, fileName: apkFileName(build.appKey, build.version) };
}

/** The published Android build with an app to download, of the app with this code. */
async function publishedApk(db: Db, appKey: string) {
  const [row] = await db
    .select({
      projectId: projects.id,
      name: projects.name,
      keyApp: projects.keyApp,
      icon: projects.icLaunchFileUrl,
      version: builds.version,
      size: builds.artifactSize,
      artifactKey: builds.artifactKey,
      publishedAt: builds.publishedAt,
    })
    .from(projects)
    .leftJoin(
      builds,
      and(
        eq(builds.projectId, projects.id),
        eq(builds.platform, "android"),
        eq(builds.status, "published"),
        isNotNull(builds.artifactKey),
      ),
    )
    .where(eq(projects.keyApp, appKey))
    .orderBy(desc(builds.version))
    .limit(1);
  return row ?? null;
}

/** What the public install page shows: the app and its published Android version, if any. */
export async function getInstallPage(options: {
  db: Db;
  appKey: string;
}): Promise<InstallPageResponse> {
  const row = await publishedApk(options.db, options.appKey);
  if (!row) throw AppError.notFound(BuildsTexts.appNotFound);
  const hasApk = row.artifactKey !== null && row.version !== null && row.publishedAt !== null;
  return {
    app: {
      name: row.name,
      appKey: row.keyApp,
      iconUrl:
        hasApk && row.icon !== "default.png"
          ? `/api/install/${encodeURIComponent(row.keyApp)}/icon`
          : null,
      android:
        hasApk && row.version !== null && row.publishedAt !== null
          ? {
              version: row.version,
              size: Number(row.size ?? 0),
              publishedAt: row.publishedAt.toISOString(),
            }
          : null,
    },
  };
}

/**
 * The published APK, for anyone with the install page's address. Each download counts as an
 * Android install once per device — the device being what the request shows of it (address and
 * browser, hashed: nothing of it is kept in clear), as the app itself reports installs once per
 * install id (decision 014).
 */
export async function openPublishedApk(options: {
  db: Db;
  storage: Storage;
  appKey: string;
  device: { ip: string; userAgent: string };
}) {
  const row = await publishedApk(options.db, options.appKey);
  if (!row?.artifactKey || row.version === null) {
    throw AppError.notFound(BuildsTexts.nothingPublished);
  }
  const opened = await options.storage.open(row.artifactKey);
  if (!opened) throw AppError.notFound(BuildsTexts.nothingPublished);
  const device = createHash("sha256")
    .update(`${options.device.ip}\n${options.device.userAgent}`)
    .digest("base64url")
    .slice(0, 40);
  await recordInstall({
    db: options.db,
    projectId: row.projectId,
    platform: "android",
    installId: `dl-${device}`,
  });
  return { ...opened, fileName: apkFileName(row.keyApp, row.version) };
}

/** The launch icon of a published app, for its install page. */
export async function openInstallIcon(options: { db: Db; storage: Storage; appKey: string }) {
  const row = await publishedApk(options.db, options.appKey);
  if (!row?.artifactKey || row.icon === "default.png") throw AppError.notFound();
  const opened = await options.storage.open(row.icon);
  if (!opened) throw AppError.notFound();
  return opened;
}

/**
 * The project's Android upload key, for its owner. The password is in the answer the first time
 * only (it is marked shown in the same statement); the keystore itself can be downloaded again.
 */
export async function getSigningKeyInfo(options: {
  db: Db;
  encryption: Encryption;
  userId: string;
  projectId: string;
}): Promise<SigningKeyInfoResponse> {
  const { db } = options;
  await findOwnedProject(db, options);
  const [row] = await db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.projectId, options.projectId));
  const changeable = !(await hasPublishedAndroidBuild(db, options.projectId));
  if (!row) return { signingKey: null, changeable };
  const [firstShow] = await db
    .update(signingKeys)
    .set({ passwordShownAt: sql`now()` })
    .where(
      and(eq(signingKeys.projectId, row.projectId), sql`${signingKeys.passwordShownAt} is null`),
    )
    .returning({ projectId: signingKeys.projectId });
  return {
    signingKey: {
      certSha256: row.certSha256 ?? "",
      createdAt: row.createdAt.toISOString(),
      alias: row.alias,
      password: firstShow ? options.encryption.decrypt(row.passwordSealed, row.projectId) : null,
    },
    changeable,
  };
}

/** Once a version is out, its upload key is the app's for ever (decision 033). */
export async function hasPublishedAndroidBuild(db: Db | Tx, projectId: string): Promise<boolean> {
  const [published] = await db
    .select({ id: builds.id })
    .from(builds)
    .where(
      and(
        eq(builds.projectId, projectId),
        eq(builds.platform, "android"),
        isNotNull(builds.publishedAt),
      ),
    )
    .limit(1);
  return published !== undefined;
}

export async function openKeystore(options: {
  db: Db;
  encryption: Encryption;
  userId: string;
  projectId: string;
}) {
  const project = await findOwnedProject(options.db, options);
  const [row] = await options.db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.projectId, options.projectId));
  const clear = row ? options.encryption.decrypt(row.keystoreSealed, row.projectId) : null;
  if (clear === null) throw AppError.notFound(BuildsTexts.signingKeyNone);
  return {
    body: Buffer.from(clear, "base64"),
    fileName: `${apkFileName(project.keyApp, 1).replace(/-v1\.apk$/, "")}-upload.p12`,
  };
}
