import { randomUUID } from "node:crypto";
import { UpdatesEvents } from "@hybridge/shared/updates/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import { makeZip } from "../bundles/test-support";
import { deploy, deployableProject as deployWith } from "./test-support";

let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
let base: string;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
  stranger = await createTestUser(app);
  base = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app?.cleanup();
});

const deployableProject = () => deployWith(app, owner);

/** The stream's event types until `done`, running `onReady` once it says ready. */
async function readEvents(
  projectId: string,
  onReady: () => Promise<void>,
  done: (types: string[]) => boolean,
): Promise<string[]> {
  const response = await fetch(`${base}/api/projects/${projectId}/updates/events`, {
    headers: { cookie: owner.cookie },
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const timer = setTimeout(() => void reader.cancel(), 15_000);
  const decoder = new TextDecoder();
  const types: string[] = [];
  let buffer = "";
  let acting: Promise<void> | undefined;
  while (!done(types)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    buffer += decoder.decode(value, { stream: true });
    for (const match of buffer.matchAll(/^event: (.*)$/gm)) {
      types.push(match[1] as string);
      if (match[1] === "ready") acting = onReady();
    }
    buffer = buffer.slice(buffer.lastIndexOf("\n\n") + 2);
  }
  clearTimeout(timer);
  await reader.cancel();
  await acting;
  return types;
}

describe("the Updates section's live stream", () => {
  it("tells the owner's page when a deploy and a burst of checks change the counts", async () => {
    const project = await deployableProject();
    const zip = await makeZip([{ name: "index.html", data: "<!doctype html><p>v1</p>" }]);
    let checked = 0;
    const types = await readEvents(
      project.id,
      async () => {
        await deploy(app, project.token, zip, { message: "v1" });
        // Thirty installs asking at once.
        await Promise.all(
          Array.from({ length: 30 }, async () => {
            const response = await app.inject({
              method: "POST",
              url: "/api/v1/updates/check",
              payload: {
                appKey: project.keyApp,
                channel: "production",
                runtimeVersion: "android-1",
                currentUpdateId: null,
                installId: `install-${randomUUID()}`,
              },
            });
            expect(response.statusCode, response.body).toBe(200);
            checked += 1;
          }),
        );
        // Past the debounce: whatever was gathered has been told.
        await new Promise((resolve) => setTimeout(resolve, 2500));
      },
      (seen) => checked === 30 && seen.filter((type) => type === UpdatesEvents.changed).length >= 1,
    );
    expect(types[0]).toBe("ready");
    const changes = types.filter((type) => type === UpdatesEvents.changed).length;
    expect(changes).toBeGreaterThanOrEqual(1);
    expect(changes).toBeLessThanOrEqual(3);
  });

  it("is the owner's only", async () => {
    const project = await seedProject(app, owner);
    const response = await fetch(`${base}/api/projects/${project.id}/updates/events`, {
      headers: { cookie: stranger.cookie },
    });
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });
});
