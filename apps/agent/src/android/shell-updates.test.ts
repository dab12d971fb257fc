import { createHash, generateKeyPairSync, type KeyObject, randomUUID, sign } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareShellOnJvm, type ShellJvm } from "../../test/shell-on-jvm";
import { sharedUploadKeystore } from "../../test/upload-keystores";
import { buildAndroidApk } from "./build-android-apk";

// The shell's over-the-air updates (ShellUpdates, decision 052) on the JDK, from the APK's own
// classes.dex (android-on-jvm/README.md, UpdatesOnJvm.java), against a real HTTP server that
// implements the contract of issue 27 (check, bundle with Range, report) and signs with a P-256
// key of node:crypto. Each JVM run is one cold start; the app's files stay between runs.

/** A stored (uncompressed) zip with exactly these entry names, as a hostile server could send. */
function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

interface Published {
  id: string;
  runtimeVersion: string;
  zip: Buffer;
  sha256: string;
  signature: string;
}

/** The contract's server, in memory: the newest update of the runtime version is the target. */
class UpdateServer {
  updates: Published[] = [];
  checks: Record<string, unknown>[] = [];
  reports: Record<string, unknown>[] = [];
  ranges: (string | null)[] = [];
  /** The channel went back to the build's embedded bundle. */
  embedded = false;
  /** Bytes to send of the next bundle request before the connection is cut. */
  cutNextAfter: number | null = null;
  url = "";
  private server: Server | null = null;

  publish(
    files: Record<string, string>,
    options: { runtimeVersion?: string; key?: KeyObject; tamperHash?: boolean } = {},
  ) {
    const bytes = zip(files);
    const sha = createHash("sha256").update(bytes).digest("hex");
    const update: Published = {
      id: randomUUID(),
      runtimeVersion: options.runtimeVersion ?? "android-1",
      zip: bytes,
      sha256: options.tamperHash ? sha.replace(/^./, sha[0] === "0" ? "1" : "0") : sha,
      signature: sign("sha256", bytes, options.key ?? keys.privateKey).toString("base64"),
    };
    this.updates.push(update);
    return update.id;
  }

  async start() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const bundle = request.url?.match(/^\/api\/v1\/updates\/([^/]+)\/bundle$/);
        if (request.method === "GET" && bundle) {
          const update = this.updates.find((candidate) => candidate.id === bundle[1]);
          if (!update) return response.writeHead(404).end();
          const range = request.headers.range ?? null;
          this.ranges.push(range);
          const start = range ? Number(range.match(/^bytes=(\d+)-$/)?.[1] ?? 0) : 0;
          const body = update.zip.subarray(start);
          response.writeHead(range ? 206 : 200, {
            "Content-Length": body.length,
            "Accept-Ranges": "bytes",
            ...(range
              ? { "Content-Range": `bytes ${start}-${update.zip.length - 1}/${update.zip.length}` }
              : {}),
          });
          if (this.cutNextAfter !== null) {
            const cut = this.cutNextAfter;
            this.cutNextAfter = null;
            response.write(body.subarray(0, cut), () => response.socket?.destroy());
            return;
          }
          return response.end(body);
        }
        const body = JSON.parse(Buffer.concat(chunks).toString() || "{}");
        if (request.url === "/api/v1/updates/check") {
          this.checks.push(body);
          const target = this.updates
            .filter((update) => update.runtimeVersion === body.runtimeVersion)
            .at(-1);
          if (this.embedded) {
            response.writeHead(200, { "Content-Type": "application/json" });
            return response.end(
              JSON.stringify({ update: null, embedded: body.currentUpdateId !== null }),
            );
          }
          const offered =
            target && target.id !== body.currentUpdateId
              ? {
                  id: target.id,
                  url: `${this.url}/api/v1/updates/${target.id}/bundle`,
                  sha256: target.sha256,
                  signature: target.signature,
                  size: target.zip.length,
                }
              : null;
          response.writeHead(200, { "Content-Type": "application/json" });
          return response.end(JSON.stringify({ update: offered, embedded: false }));
        }
        if (request.url === "/api/v1/updates/report") {
          this.reports.push(body);
          return response.writeHead(204).end();
        }
        response.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise((resolve) => this.server?.close(resolve));
  }

  events() {
    return this.reports.map((report) => `${report.event} ${report.updateId}`);
  }
}

const keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
let scratch: string;
let jvm: ShellJvm;
let server: UpdateServer;
let config: string;

/** One cold start with these steps (UpdatesOnJvm.java) over the app's files in filesDir. */
async function coldStart(filesDir: string, steps: string[], hybridgeJson = config) {
  const run = await jvm.run([hybridgeJson, ...steps], {
    mainClass: "dev.hybridge.shell.UpdatesOnJvm",
    filesDir,
  });
  return run.answers as unknown as Record<string, unknown>[];
}

const page = (html: string) => `<!doctype html><title>${html}</title>`;
let files = 0;
const newPhone = () => join(scratch, `phone-${++files}`);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hybridge-updates-test-"));
  const bundleDir = join(scratch, "bundle");
  await mkdir(bundleDir);
  await writeFile(join(bundleDir, "index.html"), page("embedded"));
  const apk = await buildAndroidApk({
    app: {
      appCode: "updates-shop",
      name: "Shop",
      version: 1,
      statusBarColor: "#0e904d",
      themeColor: "#0e904d",
      launchIcon: null,
    },
    bundleDir,
    keystore: await sharedUploadKeystore("Test shop"),
    workDir: scratch,
  });
  const apkPath = join(scratch, "shop.apk");
  await writeFile(apkPath, apk.apk);
  jvm = await prepareShellOnJvm(apkPath);
  server = new UpdateServer();
  await server.start();
  config = join(scratch, "hybridge.json");
  await writeFile(
    config,
    JSON.stringify({
      v: 1,
      server: server.url,
      appKey: "app_test",
      channel: "production",
      runtimeVersion: "android-1",
      updatePublicKey: keys.publicKey.export({ type: "spki", format: "der" }).toString("base64"),
    }),
  );
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await jvm?.dispose();
  await rm(scratch, { recursive: true, force: true });
});

describe("over-the-air updates in the shell", () => {
  it("starts on the embedded bundle, then downloads an update in the background and applies it at the next start", async () => {
    server.updates = [];
    server.reports = [];
    const phone = newPhone();
    const first = await coldStart(phone, ["start", "page", "call updates.current", "loaded"]);
    expect(first[0]).toEqual({ loadedUrl: "https://localhost/", trialTimers: 0 });
    expect(first[1]).toEqual({ page: page("embedded") });
    expect((first[2] as { value: unknown }).value).toEqual({
      id: null,
      channel: "production",
      runtimeVersion: "android-1",
      pending: null,
    });
    expect(server.checks.at(-1)).toMatchObject({
      appKey: "app_test",
      channel: "production",
      runtimeVersion: "android-1",
      currentUpdateId: null,
    });
    const installId = server.checks.at(-1)?.installId;
    expect(installId).toMatch(/^[0-9a-f-]{36}$/);

    const id = server.publish({ "index.html": page("v2"), "app/main.js": "console.log(2)" });
    const second = await coldStart(phone, ["start", "loaded", "page", "call updates.current"]);
    // Downloaded in the background; the running page is still the embedded one.
    expect(second[2]).toEqual({ page: page("embedded") });
    expect((second[3] as { value: { pending: string } }).value.pending).toBe(id);
    expect(server.events()).toEqual([`downloaded ${id}`]);
    expect(server.checks.at(-1)?.installId).toBe(installId);

    const third = await coldStart(phone, ["start", "page", `call updates.ready ${id}`, "loaded"]);
    expect(third[0]).toEqual({ loadedUrl: "https://localhost/", trialTimers: 1 });
    expect(third[1]).toEqual({ page: page("v2") });
    expect(server.events()).toEqual([`downloaded ${id}`, `applied ${id}`, `ready ${id}`]);
    expect(server.checks.at(-1)?.currentUpdateId).toBe(id);
    const fourth = await coldStart(phone, ["start", "page", "state"]);
    expect(fourth[1]).toEqual({ page: page("v2") });
    expect(fourth[2]).toMatchObject({ current: id, installId });
    expect(fourth[2]).not.toHaveProperty("trial");
  }, 120_000);

  it("rolls back an update that never reports ready: at once after 10 s, or at the following start", async () => {
    server.updates = [];
    server.reports = [];
    const phone = newPhone();
    const good = server.publish({ "index.html": page("good") });
    await coldStart(phone, ["start", "loaded"]);
    await coldStart(phone, ["start", `call updates.ready ${good}`]);

    // Hangs: the 10 s pass in the same run; a ready of the older bundle's id does not count.
    const hangs = server.publish({ "index.html": page("hangs") });
    await coldStart(phone, ["start", "loaded"]);
    const trial = await coldStart(phone, [
      "start",
      "page",
      `call updates.ready ${good}`,
      "timeout",
      "page",
      "loaded",
      "state",
    ]);
    expect(trial[1]).toEqual({ page: page("hangs") });
    expect(trial[3]).toEqual({ timers: 1, loadedUrl: "https://localhost/" });
    expect(trial[4]).toEqual({ page: page("good") });
    expect(trial[6]).toMatchObject({ current: good });
    expect(server.events()).toContain(`rolled-back ${hangs}`);
    expect(server.reports.find((report) => report.event === "rolled-back")?.reason).toMatch(/10 s/);
    // Offered again by the server, never downloaded again.
    expect(server.events().filter((event) => event === `downloaded ${hangs}`)).toHaveLength(1);

    // Crashes before ready: the process ends in its trial; the next start goes back.
    const crashes = server.publish({ "index.html": page("crashes") });
    await coldStart(phone, ["start", "loaded"]);
    const crashed = await coldStart(phone, ["start", "page"]);
    expect(crashed[1]).toEqual({ page: page("crashes") });
    const after = await coldStart(phone, ["start", "page", "state"]);
    expect(after[1]).toEqual({ page: page("good") });
    expect(after[2]).toMatchObject({ current: good });
    expect(server.events()).toContain(`rolled-back ${crashes}`);
  }, 180_000);

  it("refuses a tampered bundle (hash or signature) and an unzip escaping its folder", async () => {
    server.updates = [];
    server.reports = [];
    const phone = newPhone();
    const other = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const badHash = server.publish({ "index.html": page("x") }, { tamperHash: true });
    await coldStart(phone, ["start", "loaded"]);
    const badSignature = server.publish({ "index.html": page("y") }, { key: other.privateKey });
    await coldStart(phone, ["start", "loaded"]);
    const escaping = server.publish({ "index.html": page("z"), "../escaped.txt": "out" });
    const last = await coldStart(phone, ["start", "loaded", "state"]);
    await coldStart(phone, ["start"]);
    const reasons = Object.fromEntries(
      server.reports.map((report) => [report.updateId, `${report.event}: ${report.reason}`]),
    );
    expect(reasons[badHash]).toMatch(/^failed: .*SHA-256/);
    expect(reasons[badSignature]).toMatch(/^failed: .*signature/);
    expect(reasons[escaping]).toMatch(/^failed: .*outside the bundle's folder/);
    expect(last[2]).not.toHaveProperty("pending");
    const updatesDir = join(phone, "hybridge-updates");
    expect(existsSync(join(phone, "escaped.txt"))).toBe(false);
    expect((await readdir(updatesDir)).sort()).toEqual(["state"]);
    const page1 = await coldStart(phone, ["start", "page"]);
    expect(page1[1]).toEqual({ page: page("embedded") });
  }, 180_000);

  it("resumes a download cut in the middle and never applies half of it", async () => {
    server.updates = [];
    server.reports = [];
    server.ranges = [];
    const phone = newPhone();
    const id = server.publish({ "index.html": page("big"), "data.txt": "x".repeat(20_000) });
    server.cutNextAfter = 5_000;
    const cut = await coldStart(phone, ["start", "loaded", "state"]);
    expect(cut[2]).not.toHaveProperty("pending");
    expect(server.events()).toEqual([`failed ${id}`]);
    const part = await readFile(join(phone, "hybridge-updates", `${id}.part`));
    expect(part.length).toBe(5_000);
    const next = await coldStart(phone, ["start", "page", "loaded", "state"]);
    expect(next[1]).toEqual({ page: page("embedded") });
    expect(server.ranges).toEqual([null, "bytes=5000-"]);
    expect(next[3]).toMatchObject({ pending: id });
    const applied = await coldStart(phone, ["start", "page"]);
    expect(applied[1]).toEqual({ page: page("big") });
  }, 120_000);

  it("goes back to an earlier update without a download, or to the embedded bundle, and keeps only the folders it needs", async () => {
    server.updates = [];
    server.reports = [];
    server.ranges = [];
    const phone = newPhone();
    const folders = async () =>
      (await readdir(join(phone, "hybridge-updates"))).filter((name) => name !== "state").sort();
    const one = server.publish({ "index.html": page("one") });
    await coldStart(phone, ["start", "loaded"]);
    await coldStart(phone, ["start", `call updates.ready ${one}`]);
    const two = server.publish({ "index.html": page("two") });
    await coldStart(phone, ["start", "loaded"]);
    await coldStart(phone, ["start", `call updates.ready ${two}`]);
    expect(await folders()).toEqual([one, two].sort());
    const three = server.publish({ "index.html": page("three") });
    await coldStart(phone, ["start", "loaded"]);
    const onThree = await coldStart(phone, ["start", `call updates.ready ${three}`, "page"]);
    expect(onThree[2]).toEqual({ page: page("three") });
    expect(await folders()).toEqual([three, two].sort());

    // The owner rolls the channel back to two: its folder is reused, not downloaded again.
    server.updates = server.updates.filter((update) => update.id !== three);
    const downloads = server.ranges.length;
    const back = await coldStart(phone, ["start", "loaded", "call updates.current"]);
    expect((back[2] as { value: { pending: string } }).value.pending).toBe(two);
    expect(server.ranges.length).toBe(downloads);
    const onTwo = await coldStart(phone, ["start", "page", `call updates.ready ${two}`]);
    expect(onTwo[1]).toEqual({ page: page("two") });

    // Then to the build's bundle: applied at the next start, the folders removed after it.
    server.embedded = true;
    try {
      const embedded = await coldStart(phone, ["start", "loaded", "call updates.current"]);
      expect((embedded[2] as { value: { pending: string } }).value.pending).toBe("embedded");
      const onEmbedded = await coldStart(phone, ["start", "page", "call updates.current"]);
      expect(onEmbedded[1]).toEqual({ page: page("embedded") });
      expect((onEmbedded[2] as { value: { id: unknown } }).value.id).toBeNull();
      expect(await folders()).toEqual([two]);
    } finally {
      server.embedded = false;
    }
  }, 180_000);

  it("shares one state between the activities of a process: no second trial, a pending update applied when the app opens again", async () => {
    server.updates = [];
    server.reports = [];
    const phone = newPhone();
    const first = server.publish({ "index.html": page("first") });
    await coldStart(phone, ["start", "loaded"]);
    const second = server.publish({ "index.html": page("second") });
    const run = await coldStart(phone, [
      "start",
      "again",
      "page",
      `call updates.ready ${first}`,
      "loaded",
      "again",
      "page",
      "call updates.current",
      "timeout",
      "page",
    ]);
    // The first is applied at the cold start and on trial: one timer, not one per activity.
    expect(run[0]).toEqual({ loadedUrl: "https://localhost/", trialTimers: 1 });
    expect(run[1]).toEqual({ loadedUrl: "https://localhost/", trialTimers: 1 });
    expect(run[2]).toEqual({ page: page("first") });
    // Opened again after back: the second, downloaded meanwhile, applies; its own trial starts.
    expect(run[5]).toEqual({ loadedUrl: "https://localhost/", trialTimers: 2 });
    expect(run[6]).toEqual({ page: page("second") });
    expect((run[7] as { value: { id: string } }).value.id).toBe(second);
    // The first's timer finds it ready and no longer on trial; the second's rolls it back.
    expect(run[8]).toEqual({ timers: 2, loadedUrl: "https://localhost/" });
    expect(run[9]).toEqual({ page: page("first") });
    expect(server.events()).toEqual([
      `downloaded ${first}`,
      `applied ${first}`,
      `ready ${first}`,
      `downloaded ${second}`,
      `applied ${second}`,
      `rolled-back ${second}`,
    ]);
  }, 120_000);

  it("stays off without hybridge.json or without an update key: no check, no files", async () => {
    server.updates = [];
    server.publish({ "index.html": page("never") });
    const checks = server.checks.length;
    const noKey = join(scratch, "no-key.json");
    await writeFile(
      noKey,
      JSON.stringify({
        v: 1,
        server: server.url,
        appKey: "app_test",
        channel: "production",
        runtimeVersion: "android-1",
        updatePublicKey: null,
      }),
    );
    for (const hybridgeJson of ["-", noKey]) {
      const phone = newPhone();
      const run = await coldStart(
        phone,
        ["start", "loaded", "page", "call updates.current"],
        hybridgeJson,
      );
      expect(run[2]).toEqual({ page: page("embedded") });
      expect((run[3] as { value: { id: unknown } }).value.id).toBeNull();
      expect(existsSync(join(phone, "hybridge-updates"))).toBe(false);
    }
    expect(server.checks.length).toBe(checks);
  }, 60_000);

  it("is not offered an update of another runtime version", async () => {
    server.updates = [];
    server.reports = [];
    const phone = newPhone();
    server.publish({ "index.html": page("native-2") }, { runtimeVersion: "android-2" });
    const run = await coldStart(phone, ["start", "loaded", "call updates.current"]);
    expect(server.checks.at(-1)?.runtimeVersion).toBe("android-1");
    expect((run[2] as { value: { pending: unknown } }).value.pending).toBeNull();
    expect(server.reports).toEqual([]);
  }, 60_000);
});
