import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { TEST_ORIGIN, type TestApp } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";

/** The user's stored test configuration row, or undefined. */
export async function configOf(app: TestApp, userId: string) {
  const [row] = await app.deps.db
    .select()
    .from(schema.testConfigs)
    .where(eq(schema.testConfigs.userId, userId));
  return row;
}

export const consolePath = (appKey: string) => `/api/test-console/${encodeURIComponent(appKey)}`;
export const devConfigPath = (appKey: string) => `/api/v1/dev-config/${encodeURIComponent(appKey)}`;

/** A visit of the console page's data (GET), signed in with `cookie`. */
export const visit = (app: TestApp, appKey: string, cookie?: string) =>
  app.inject({
    method: "GET",
    url: consolePath(appKey),
    headers: cookie ? { cookie } : {},
  });

/** One of the console's forms (PATCH). */
export const patchConfig = (app: TestApp, appKey: string, body: unknown, cookie?: string) =>
  app.inject({
    method: "PATCH",
    url: consolePath(appKey),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: body as object,
  });

/** The dev app's read, with an optional Authorization header. */
export const fetchDevConfig = (
  app: TestApp,
  appKey: string,
  authorization?: string,
  remoteAddress = "127.0.0.1",
) =>
  app.inject({
    method: "GET",
    url: devConfigPath(appKey),
    remoteAddress,
    headers: authorization ? { authorization } : {},
  });

/** Lets the clock move, so that a later write has a later timestamp. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 15));

/**
 * A project made through the real `POST /api/projects` (multipart, text fields only), for the
 * tests that follow its database key through the projects API.
 */
export async function createProjectViaApi(app: TestApp, cookie: string) {
  const boundary = `----tc${randomBytes(8).toString("hex")}`;
  const fields = {
    name: "Via API",
    keyApp: `tc-api-${randomBytes(6).toString("hex")}`,
    description: "An app made through the API",
    segment: "other",
    navBarType: "footer",
    color: "#0E904D",
    statusbar: "#FFFFFF",
  };
  const payload = `${Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("")}--${boundary}--\r\n`;
  const res = await app.inject({
    method: "POST",
    url: "/api/projects",
    headers: {
      origin: TEST_ORIGIN,
      cookie,
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().project as { id: string; keyApp: string };
}
