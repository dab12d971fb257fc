import { randomBytes } from "node:crypto";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject, storedFileKeys } from "../../../test/seed";
import { createTestScene, TEST_ORIGIN, type TestApp, type TestUser } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { bundleSummary, openBundle } from "./open-bundle";
import { makeZip, markEncrypted, renameInZip, sampleBundle, uploadBundle } from "./test-support";

let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene({
    env: { BUNDLE_MAX_MB: "4", BUNDLE_MAX_ENTRIES: "20" },
  }));
});
afterAll(() => app?.cleanup());

const rowsOf = (projectId: string) =>
  app.deps.db.select().from(schema.webBundles).where(eq(schema.webBundles.projectId, projectId));

async function readZipNames(zip: Buffer): Promise<string[]> {
  const yauzl = (await import("yauzl")).default;
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on("entry", (entry: { fileName: string }) => {
      names.push(entry.fileName);
      file.readEntry();
    });
    file.on("end", resolve);
    file.on("error", reject);
    file.readEntry();
  });
  return names.sort();
}

describe("POST /api/projects/:id/bundles", () => {
  it("takes a built web app, strips its single top folder, and lists it as the next build's", async () => {
    const project = await seedProject(app, owner);
    const first = await uploadBundle(
      app,
      project.id,
      owner.cookie,
      await sampleBundle(),
      "dist.zip",
    );
    expect(first.statusCode).toBe(201);
    const second = await uploadBundle(
      app,
      project.id,
      owner.cookie,
      await sampleBundle("dist/"),
      "site.zip",
    );
    expect(second.statusCode).toBe(201);
    expect(second.json().bundle).toMatchObject({
      fileName: "site.zip",
      fileCount: 3,
      isNext: true,
    });

    const list = await app.inject({
      url: `/api/projects/${project.id}/bundles`,
      headers: { cookie: owner.cookie },
    });
    expect(
      list.json().bundles.map((b: { fileName: string; isNext: boolean }) => [b.fileName, b.isNext]),
    ).toEqual([
      ["site.zip", true],
      ["dist.zip", false],
    ]);
    // What a build machine is given: the newest, index.html at its root.
    const opened = await openBundle(app.deps.db, app.deps.storage, second.json().bundle.id);
    const chunks: Buffer[] = [];
    for await (const chunk of opened?.stream ?? []) chunks.push(chunk as Buffer);
    expect(await readZipNames(Buffer.concat(chunks))).toEqual([
      "assets/app.js",
      "assets/logo.bin",
      "index.html",
    ]);
    expect(await bundleSummary(app.deps.db, second.json().bundle.id)).toMatchObject({
      sha256: second.json().bundle.sha256,
    });
  });

  const refusals: [string, () => Promise<Buffer>, string][] = [
    [
      "a file that is not a zip",
      async () => Buffer.from("<html>not a zip</html>"),
      BundlesTexts.notZip,
    ],
    ["no index.html", () => makeZip([{ name: "app.js", data: "1" }]), BundlesTexts.noIndex],
    [
      "index.html in a second-level folder only",
      () =>
        makeZip([
          { name: "a/b/index.html", data: "1" },
          { name: "c/x.js", data: "1" },
        ]),
      BundlesTexts.noIndex,
    ],
    [
      "more than 4 MB unpacked",
      () =>
        makeZip([
          { name: "index.html", data: "x" },
          { name: "big.bin", data: randomBytes(5 * 1024 * 1024) },
        ]),
      BundlesTexts.tooLarge(4),
    ],
    [
      "more than 20 entries",
      () =>
        makeZip([
          { name: "index.html", data: "x" },
          ...Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.js`, data: "1" })),
        ]),
      BundlesTexts.tooManyEntries(20),
    ],
    [
      "a zip bomb",
      () =>
        makeZip([
          { name: "index.html", data: "x" },
          { name: "zeros.bin", data: Buffer.alloc(3 * 1024 * 1024) },
        ]),
      BundlesTexts.zipBomb,
    ],
    [
      "a parent-folder path",
      async () =>
        renameInZip(
          await makeZip([
            { name: "index.html", data: "x" },
            { name: "aa/evil.js", data: "1" },
          ]),
          "aa/evil.js",
          "../evil.js",
        ),
      BundlesTexts.unsafePath("../evil.js"),
    ],
    [
      "an absolute path",
      async () =>
        renameInZip(
          await makeZip([
            { name: "index.html", data: "x" },
            { name: "etc/passwd", data: "1" },
          ]),
          "etc/passwd",
          "/etc/passw",
        ),
      BundlesTexts.unsafePath("/etc/passw"),
    ],
    [
      "a symbolic link",
      () =>
        makeZip([
          { name: "index.html", data: "x" },
          { name: "link", data: "/etc/passwd", mode: 0o120777 },
        ]),
      BundlesTexts.symlink("link"),
    ],
    [
      "the same name twice",
      async () =>
        renameInZip(
          await makeZip([
            { name: "index.html", data: "x" },
            { name: "a.js", data: "1" },
            { name: "b.js", data: "2" },
          ]),
          "b.js",
          "a.js",
        ),
      BundlesTexts.duplicate("a.js"),
    ],
    // Names that collide once unpacked: the same path twice, or a file where a folder is.
    [
      "the same file twice, once under ./",
      () =>
        makeZip([
          { name: "./index.html", data: "a" },
          { name: "index.html", data: "b" },
        ]),
      BundlesTexts.duplicate("index.html"),
    ],
    [
      "the same file twice, once through a ./ folder",
      () =>
        makeZip([
          { name: "index.html", data: "a" },
          { name: "assets/app.js", data: "1" },
          { name: "assets/./app.js", data: "2" },
        ]),
      BundlesTexts.duplicate("assets/app.js"),
    ],
    [
      "a file and a folder of the same name, in its single top folder",
      () =>
        makeZip([
          { name: "top", data: "x" },
          { name: "top/index.html", data: "<p>" },
        ]),
      BundlesTexts.fileAndFolder("top"),
    ],
    [
      "a file named as a folder that comes after it",
      () =>
        makeZip([
          { name: "index.html", data: "x" },
          { name: "assets/app.js/chunk.js", data: "1" },
          { name: "assets/app.js", data: "2" },
        ]),
      BundlesTexts.fileAndFolder("assets/app.js"),
    ],
    [
      "a file and a folder entry of the same name",
      async () =>
        renameInZip(
          await makeZip([
            { name: "index.html", data: "x" },
            { name: "a", data: "1" },
            { name: "zz", data: "" },
          ]),
          "zz",
          "a/",
        ),
      BundlesTexts.fileAndFolder("a"),
    ],
    [
      "an encrypted entry",
      async () => markEncrypted(await makeZip([{ name: "index.html", data: "x" }])),
      BundlesTexts.encrypted("index.html"),
    ],
  ];

  it("takes names with ./ segments, and stores them as they unpack", async () => {
    const project = await seedProject(app, owner);
    const zip = await makeZip([
      { name: "./index.html", data: "<p>Hi</p>" },
      { name: "./assets/./app.js", data: "1" },
    ]);
    const res = await uploadBundle(app, project.id, owner.cookie, zip);
    expect(res.statusCode).toBe(201);
    const opened = await openBundle(app.deps.db, app.deps.storage, res.json().bundle.id);
    const chunks: Buffer[] = [];
    for await (const chunk of opened?.stream ?? []) chunks.push(chunk as Buffer);
    expect(await readZipNames(Buffer.concat(chunks))).toEqual(["assets/app.js", "index.html"]);
  });

  for (const [label, make, message] of refusals) {
    it(`refuses ${label} with its own message, and keeps nothing`, async () => {
      const project = await seedProject(app, owner);
      const filesBefore = storedFileKeys(app).sort();
      const res = await uploadBundle(app, project.id, owner.cookie, await make());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message });
      expect(await rowsOf(project.id)).toEqual([]);
      expect(storedFileKeys(app).sort()).toEqual(filesBefore);
    });
  }

  it("answers 404 for another user's project and 401 signed out, and stores nothing", async () => {
    const project = await seedProject(app, owner);
    const res = await uploadBundle(app, project.id, stranger.cookie, await sampleBundle());
    expect(res.statusCode).toBe(404);
    const list = await app.inject({
      url: `/api/projects/${project.id}/bundles`,
      headers: { cookie: stranger.cookie },
    });
    expect(list.statusCode).toBe(404);
    expect((await app.inject({ url: `/api/projects/${project.id}/bundles` })).statusCode).toBe(401);
    expect(await rowsOf(project.id)).toEqual([]);
  });

  it("deletes a bundle and its file; the next build uses the newest left", async () => {
    const project = await seedProject(app, owner);
    const older = (await uploadBundle(app, project.id, owner.cookie, await sampleBundle())).json()
      .bundle;
    const newer = (await uploadBundle(app, project.id, owner.cookie, await sampleBundle())).json()
      .bundle;
    const [row] = await app.deps.db
      .select()
      .from(schema.webBundles)
      .where(eq(schema.webBundles.id, newer.id));
    const del = await app.inject({
      method: "DELETE",
      url: `/api/projects/${project.id}/bundles/${newer.id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(del.statusCode).toBe(204);
    expect(await app.deps.storage.exists(row?.fileKey ?? "")).toBe(false);
    const list = await app.inject({
      url: `/api/projects/${project.id}/bundles`,
      headers: { cookie: owner.cookie },
    });
    expect(list.json().bundles).toMatchObject([{ id: older.id, isNext: true }]);
  });
});
