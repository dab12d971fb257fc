import { randomBytes } from "node:crypto";
import { type FormPart, multipart } from "../../../test/multipart";
import { TEST_ORIGIN, type TestApp } from "../../../test/test-app";
import { pngBytes, svgText } from "../../../test/test-images";

export { type FormPart, multipart };

let codes = 0;
export const uniqueCode = (prefix = "app") =>
  `${prefix}-${Date.now().toString(36)}-${++codes}-${randomBytes(2).toString("hex")}`;

export type ProjectFields = Record<string, string>;

export const validFields = (overrides: ProjectFields = {}): ProjectFields => ({
  name: "My Shop",
  keyApp: uniqueCode(),
  description: "An app to sell things.",
  segment: "ecommerce",
  navBarType: "footer",
  color: "#0E904D",
  statusbar: "#FFFFFF",
  ...overrides,
});

export const launchIcon = (width = 512, height = 512, filename = "icon.png"): FormPart => ({
  name: "icLaunch",
  filename,
  data: pngBytes(width, height),
  contentType: "image/png",
});
export const notificationIcon = (
  data: string | Buffer = svgText(),
  filename = "bell.svg",
): FormPart => ({
  name: "icNotification",
  filename,
  data,
  contentType: "image/svg+xml",
});

/** POST /api/projects with the text fields first, then the given files. */
export function postProject(
  app: TestApp,
  cookie: string | undefined,
  fields: ProjectFields,
  files: FormPart[] = [],
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...files,
  ]);
  return app.inject({
    method: "POST",
    url: "/api/projects",
    headers: { origin: TEST_ORIGIN, ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

/** Creates a project and returns it (throws unless 201). */
export async function createTestProject(
  app: TestApp,
  cookie: string,
  overrides: ProjectFields = {},
  files: FormPart[] = [],
) {
  const res = await postProject(app, cookie, validFields(overrides), files);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().project as {
    id: string;
    keyApp: string;
    icLaunchFileUrl: string;
    icNotificationFileUrl: string;
    name: string;
  };
}

export const authed = (cookie?: string) => ({
  origin: TEST_ORIGIN,
  ...(cookie ? { cookie } : {}),
});

// The one helper is test/seed.ts's; the data feature's document-files.test.ts still names it
// here (that folder is being changed elsewhere): drop this line once it imports test/seed.ts.
export { storedFileKeys } from "../../../test/seed";
