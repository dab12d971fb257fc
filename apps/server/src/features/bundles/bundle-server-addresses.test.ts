import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestScene, type TestApp, type TestUser } from "../../../test/test-app";
import { makeZip, SAMPLE_INDEX, uploadBundle } from "./test-support";

// Decision 058: the console warns, before a build, when the app's server address (inlined in the
// bundle's code by the scaffold's Vite) is one a phone cannot reach.

let app: TestApp, owner: TestUser;
beforeAll(async () => {
  ({ app, owner } = await createTestScene());
});
afterAll(() => app?.cleanup());

const bundleWith = (code: string, html = SAMPLE_INDEX) =>
  makeZip([
    { name: "index.html", data: html },
    { name: "assets/app.js", data: code },
    // Not code: never read.
    { name: "assets/notes.txt", data: "http://localhost:9999" },
  ]);

const listed = async (projectId: string) =>
  (
    await app.inject({
      method: "GET",
      url: `/api/projects/${projectId}/bundles`,
      headers: { cookie: owner.cookie },
    })
  ).json().bundles;

describe("the server addresses of a bundle a phone cannot reach", () => {
  it("are named on the upload's answer and on the next bundle of the list", async () => {
    const project = await seedProject(app, owner);
    const sent = await uploadBundle(
      app,
      project.id,
      owner.cookie,
      await bundleWith(
        'const server="http://localhost:3300";fetch(server+"/api/v1/data");',
        `${SAMPLE_INDEX}<script>window.s="http://127.0.0.1:3300"</script>`,
      ),
      "dist.zip",
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json().bundle.loopbackServers).toEqual([
      "http://127.0.0.1:3300",
      "http://localhost:3300",
    ]);
    const [next] = await listed(project.id);
    expect(next).toMatchObject({
      isNext: true,
      loopbackServers: ["http://127.0.0.1:3300", "http://localhost:3300"],
    });
  });

  it("are none for an app whose server is a network address; only the next bundle says", async () => {
    const project = await seedProject(app, owner);
    await uploadBundle(
      app,
      project.id,
      owner.cookie,
      await bundleWith('fetch("http://localhost:3300/api")'),
      "old.zip",
    );
    const sent = await uploadBundle(
      app,
      project.id,
      owner.cookie,
      await bundleWith('const server="http://192.168.1.20:3300";'),
      "dist.zip",
    );
    expect(sent.json().bundle.loopbackServers).toEqual([]);
    const [next, older] = await listed(project.id);
    expect(next.loopbackServers).toEqual([]);
    expect(older).not.toHaveProperty("loopbackServers");
  });
});
