import type { NavbarType } from "@hybridge/shared/common/enums";
import { normaliseDevUrl } from "@hybridge/shared/dev-app/dev-url";
import {
  BAD_DEV_URL,
  DEV_LINK_VERSION,
  type DevLinkResponse,
} from "@hybridge/shared/dev-app/schemas";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { projects, testConfigs } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

/**
 * What the dev app reads for a link `{PUBLIC_URL}/dev/{appKey}?url=…` (and the /dev page, to
 * check it): the app, the dev server's normalised URL, and the presentation settings of the
 * project owner's test console — navbar type and status bar colour, the defaults when the owner
 * never opened it. Public, like the QR code that carries the link (decision 049): nothing here is
 * secret, and the dev server's address comes from the link, never from the server.
 *
 * A dev server address the dev app may not load is refused first (400 BAD_DEV_URL, no database
 * read); an unknown app key is a 404.
 */
export async function getDevLink(options: {
  db: Db;
  publicUrl: string;
  appKey: string;
  url: string;
}): Promise<DevLinkResponse> {
  const { db, publicUrl, appKey } = options;
  const devUrl = normaliseDevUrl(options.url);
  if (devUrl === null) throw new AppError(BAD_DEV_URL, DevLinkTexts.badDevUrl, 400);

  const [row] = await db
    .select({
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

  return {
    v: DEV_LINK_VERSION,
    server: publicUrl,
    appKey: row.keyApp,
    appName: row.name,
    devUrl,
    config: {
      // The column's CHECK constraint allows only the shared NAVBAR_TYPES.
      navBarType: (row.navBarType ?? row.projectNavBarType) as NavbarType,
      statusBar: sixDigitColour(row.statusBar ?? row.projectStatusBar),
    },
  };
}

/** "#AbC" → "#aabbcc": the dev app parses one form only (the console also accepts 3 digits). */
export function sixDigitColour(hex: string): string {
  const digits = hex.replace(/^#/, "").toLowerCase();
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
  return `#${full}`;
}
