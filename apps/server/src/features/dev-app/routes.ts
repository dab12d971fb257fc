import path from "node:path";
import { type AndroidToolchain, detectAndroidToolchain } from "@hybridge/agent/android";
import {
  ASSET_LINKS_PATH,
  DEV_APP_DOWNLOAD_PATH,
  DEV_APP_PACKAGE,
  DEV_APP_STATUS_PATH,
  DEV_LINK_API_PATH,
} from "@hybridge/shared/dev-app/links";
import {
  type AssetLinks,
  AssetLinksSchema,
  DevAppStatusSchema,
  DevLinkParamsSchema,
  DevLinkQuerySchema,
  DevLinkResponseSchema,
} from "@hybridge/shared/dev-app/schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendDownload } from "../../platform/download";
import { APK_TYPE, devAppCertificate } from "./build-dev-app";
import { getDevAppStatus, openDevAppApk } from "./dev-app-status";
import { getDevLink } from "./get-dev-link";

/** Dev-link reads per IP and minute, like dev-config: a phone opens a link now and then. */
const DEV_LINK_RATE_LIMIT = { max: 60, timeWindow: 60_000 };
/** Dev-app downloads per IP and minute: a team behind one address, not a loop. */
const DOWNLOAD_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/** "ab12…" → "AB:12:…", the form Digital Asset Links and apksigner print. */
export function colonHex(hex: string): string {
  return (hex.toUpperCase().match(/../g) ?? []).join(":");
}

/**
 * The dev app's server side (issue 26, decision 049): the dev-link API the dev app and the /dev
 * page read, the dev app's status and download, and the App Link's assetlinks.json. None needs
 * a session: a phone that scanned a QR code has none.
 */
export async function registerDevAppRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const publicUrl = config.publicUrl;
  const buildsHere = config.builds.devApp;
  const toolchain = (): Promise<AndroidToolchain> =>
    detectAndroidToolchain({ searchPath: config.executablePath.join(path.delimiter) });

  r.get(
    `${DEV_LINK_API_PATH}/:appKey`,
    {
      onRequest: app.rateLimit({
        ...DEV_LINK_RATE_LIMIT,
        keyGenerator: (request) => `dev-link|${request.ip}`,
      }),
      schema: {
        params: DevLinkParamsSchema,
        querystring: DevLinkQuerySchema,
        response: { 200: DevLinkResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const { url, update } = request.query;
      return getDevLink({ db, publicUrl, appKey: request.params.appKey, url, update });
    },
  );

  r.get(
    DEV_APP_STATUS_PATH,
    { schema: { response: { 200: DevAppStatusSchema } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return getDevAppStatus({ db, publicUrl, toolchain, buildsHere });
    },
  );

  r.get(
    DEV_APP_DOWNLOAD_PATH,
    {
      onRequest: app.rateLimit({
        ...DOWNLOAD_RATE_LIMIT,
        keyGenerator: (request) => `dev-app-apk|${request.ip}`,
      }),
    },
    async (_request, reply) => {
      const file = await openDevAppApk({ db, storage, publicUrl, toolchain, buildsHere });
      return sendDownload(reply, file, APK_TYPE);
    },
  );

  // Android fetches it to verify the dev app's App Link ({PUBLIC_URL}/dev/…). Empty (no
  // statement) until the dev app has been built: the key's certificate is known from then on.
  r.get(
    ASSET_LINKS_PATH,
    { schema: { response: { 200: AssetLinksSchema } } },
    async (_request, reply) => {
      const certificate = await devAppCertificate(db);
      reply.header("Cache-Control", "public, max-age=300");
      const links: AssetLinks = certificate
        ? [
            {
              relation: ["delegate_permission/common.handle_all_urls"],
              target: {
                namespace: "android_app",
                package_name: DEV_APP_PACKAGE,
                sha256_cert_fingerprints: [colonHex(certificate)],
              },
            },
          ]
        : [];
      return links;
    },
  );
}
