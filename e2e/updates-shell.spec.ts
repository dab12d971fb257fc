import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Channel,
  HYBRIDGE_JSON_ASSET,
  UpdatesListResponseSchema,
} from "@hybridge/shared/updates/schemas";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipEntries } from "../apps/agent/test/reference-tools";
import { prepareShellOnJvm, type ShellJvm } from "../apps/agent/test/shell-on-jvm";
import { deploy as deployWithCli } from "../packages/cli/src/deploy";
import { useBrowser } from "./support/browser";
import { createProjectViaApi, readyAndroidBuild } from "./support/builds";
import { baseUrl } from "./support/env";
import { createSignedInUser } from "./support/users";

/**
 * Issue 27's proof, end to end: the shell's own update logic (the APK this server's embedded
 * build machine made, its classes.dex on the JVM harness, UpdatesOnJvm.java) against this real
 * server — the build's assets/hybridge.json names the server, the channel and the project's
 * update key; `hybridge deploy` (the command line's code) makes an update; the shell checks, downloads it in the background, applies
 * it at the next cold start and reports ready; the owner's routes count it; a roll back of the
 * channel (to the first update, then to the embedded bundle) is what the next check offers.
 *
 * The APK's server address is this server's PUBLIC_URL, plain http on this machine: the JVM
 * harness does not model Android's refusal of cleartext traffic, which a phone would apply
 * (a real deployment's server is https).
 */
const browser = useBrowser();
let scratch = "";
let jvm: ShellJvm | undefined;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hybridge-e2e-updates-"));
});
afterAll(async () => {
  await jvm?.dispose();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/**
 * `hybridge deploy --no-build --rollout 100 --message TEXT` (the command line's own code) from an
 * app whose dist/ page says TEXT: the update it made, as the owner's route lists it.
 */
async function deploy(context: BrowserContext, projectId: string, secret: string, text: string) {
  const root = await mkdtemp(join(scratch, "app-"));
  await mkdir(join(root, "dist"));
  await writeFile(
    join(root, "dist", "index.html"),
    `<!doctype html><html><head><title>${text}</title></head><body>${text}</body></html>`,
  );
  await writeFile(
    join(root, ".env"),
    `HYBRIDGE_SERVER=${baseUrl()}\nHYBRIDGE_DEPLOY_TOKEN=${secret}\n`,
  );
  let said = "";
  await deployWithCli(root, {
    build: false,
    rollout: "100",
    message: text,
    out: { write: (chunk: string) => (said += chunk) },
  });
  expect(said).toContain(`Update “${text}” on channel “production” for 100 % of installs`);
  const newest = (await production(context, projectId)).updates[0];
  expect(newest).toMatchObject({ message: text, rolloutPercent: 100 });
  return newest?.id ?? "";
}

/** The project's production channel, as the owner's route shows it. */
async function production(context: BrowserContext, projectId: string): Promise<Channel> {
  const response = await context.request.get(`${baseUrl()}/api/projects/${projectId}/updates`);
  expect(response.status()).toBe(200);
  const { channels } = UpdatesListResponseSchema.parse(await response.json());
  const channel = channels.find((candidate) => candidate.name === "production");
  if (!channel) throw new Error(`no production channel: ${JSON.stringify(channels)}`);
  return channel;
}

describe("over-the-air updates: the real shell against the real server", () => {
  it("starts embedded, downloads a deployed update, applies it at the next start, reports ready, offers it to no other runtime version, follows the channel's roll backs, and rolls back an update that never reports ready", async () => {
    const base = baseUrl();
    const { context } = await browser.newPage();
    await createSignedInUser(context);
    const project = await createProjectViaApi(context);
    const created = await context.request.post(`${base}/api/projects/${project.id}/deploy-tokens`, {
      headers: { origin: base },
      data: { name: "e2e updates" },
    });
    expect(created.status()).toBe(201);
    const { secret } = (await created.json()) as { secret: string };

    // The build the server's embedded machine makes, downloaded as its owner does.
    const build = await readyAndroidBuild(context, project.id);
    const apk = await context.request.get(
      `${base}/api/projects/${project.id}/builds/${build.id}/apk`,
    );
    expect(apk.status()).toBe(200);
    const apkBytes = await apk.body();
    const settings = JSON.parse(
      (await zipEntries(apkBytes)).get(HYBRIDGE_JSON_ASSET)?.toString() ?? "{}",
    ) as Record<string, unknown>;
    expect(settings).toMatchObject({ server: base, channel: "production" });
    expect(settings.updatePublicKey).toMatch(/^[A-Za-z0-9+/=]{80,}$/);
    const apkPath = join(scratch, "app.apk");
    await writeFile(apkPath, apkBytes);
    jvm = await prepareShellOnJvm(apkPath);
    const phone = join(scratch, "phone");
    await mkdir(phone);
    const shell = jvm;
    /** One cold start over the phone's files, with the APK's own hybridge.json ("-"). */
    const coldStart = async (steps: string[]) =>
      (
        await shell.run(["-", ...steps], {
          mainClass: "dev.hybridge.shell.UpdatesOnJvm",
          filesDir: phone,
        })
      ).answers as unknown as Record<string, unknown>[];
    const pending = (answer: unknown) => (answer as { value: { pending: unknown } }).value.pending;

    // First start: nothing deployed yet, the embedded bundle.
    const first = await coldStart(["start", "page", "call updates.current", "loaded"]);
    const embeddedPage = (first[1] as { page: string }).page;
    expect(pending(first[2])).toBeNull();

    // A deploy → an update; the next start downloads it in the background, still embedded.
    const one = await deploy(context, project.id, secret, "Update one");
    // A build of another runtime version (another shell) is not offered it.
    const otherRuntime = join(scratch, "other-runtime.json");
    await writeFile(otherRuntime, JSON.stringify({ ...settings, runtimeVersion: "android-0" }));
    const otherPhone = join(scratch, "other-phone");
    await mkdir(otherPhone);
    const other = await shell.run([otherRuntime, "start", "loaded", "call updates.current"], {
      mainClass: "dev.hybridge.shell.UpdatesOnJvm",
      filesDir: otherPhone,
    });
    expect(pending(other.answers[2])).toBeNull();

    const second = await coldStart(["start", "loaded", "page", "call updates.current"]);
    expect(second[2]).toEqual({ page: embeddedPage });
    expect(pending(second[3])).toBe(one);

    // The start after applies it; the page reports ready for its id.
    const third = await coldStart(["start", "page", `call updates.ready ${one}`, "loaded"]);
    expect((third[1] as { page: string }).page).toContain("Update one");
    const counted = await production(context, project.id);
    expect(counted.updates[0]?.id).toBe(one);
    expect(counted.updates[0]?.counts).toMatchObject({
      asked: 1,
      downloaded: 1,
      applied: 1,
      ready: 1,
    });

    // A second update, taken up the same way.
    const two = await deploy(context, project.id, secret, "Update two");
    await coldStart(["start", "loaded"]);
    const onTwo = await coldStart(["start", "page", `call updates.ready ${two}`, "loaded"]);
    expect((onTwo[1] as { page: string }).page).toContain("Update two");

    // The owner rolls the channel back to the first: the next check offers it again.
    const rollback = (to: string) =>
      context.request.post(`${base}/api/projects/${project.id}/channels/production/rollback`, {
        headers: { origin: base },
        data: { to },
      });
    expect((await rollback(one)).status()).toBe(204);
    const back = await coldStart(["start", "loaded", "call updates.current"]);
    expect(pending(back[2])).toBe(one);
    const onOne = await coldStart(["start", "page", `call updates.ready ${one}`, "loaded"]);
    expect((onOne[1] as { page: string }).page).toContain("Update one");

    // Then to the build's embedded bundle: offered as `embedded`, applied at the next start.
    expect((await rollback("embedded")).status()).toBe(204);
    const toEmbedded = await coldStart(["start", "loaded", "call updates.current"]);
    expect(pending(toEmbedded[2])).toBe("embedded");
    const onEmbedded = await coldStart(["start", "page", "call updates.current"]);
    expect(onEmbedded[1]).toEqual({ page: embeddedPage });
    expect((onEmbedded[2] as { value: { id: unknown } }).value.id).toBeNull();
    const after = await production(context, project.id);
    expect(after.embeddedAt).not.toBeNull();
    expect(after.updates.find((update) => update.id === two)?.rolledBackAt).not.toBeNull();

    // A third update whose page never reports ready: back to the embedded bundle after its 10 s,
    // and the server counts the install as rolled back.
    const three = await deploy(context, project.id, secret, "Update three");
    const offered = await coldStart(["start", "loaded", "call updates.current"]);
    expect(pending(offered[2])).toBe(three);
    const trial = await coldStart(["start", "page", "timeout", "page"]);
    expect((trial[1] as { page: string }).page).toContain("Update three");
    expect(trial[3]).toEqual({ page: embeddedPage });
    const counts = (await production(context, project.id)).updates.find(
      (update) => update.id === three,
    )?.counts;
    expect(counts).toMatchObject({ asked: 1, rolledBack: 1, ready: 0 });
  }, 400_000);
});
