import { createHash, createSign, generateKeyPairSync, randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { isPrivateDevUrl, normaliseDevUrl } from "@hybridge/shared/dev-app/dev-url";
import { devAppSchemeUrl, devLinkUrl } from "@hybridge/shared/dev-app/links";
import type { DevLinkResponse, PreviewUpdate } from "@hybridge/shared/dev-app/schemas";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { type DevAppAnswer, type DevAppState, runDevAppOnJvm } from "../../test/dev-app-on-jvm";
import { prepareShellOnJvm, type ShellJvm } from "../../test/shell-on-jvm";
import { sharedUploadKeystore } from "../../test/upload-keystores";
import { buildDevAppApk } from "./build-dev-app-apk";
import { isLightColor } from "./colors";

// The dev app's own bytecode on the JDK (test/android-on-jvm, DevAppOnJvm.java), against a real
// HTTP server that answers GET /api/v1/dev-link/{appKey}?url= (and ?update=, an update's
// preview, with its bundle) as the contract says.

const DEV = "http://192.168.1.20:5173";

/** The projects the stand-in Hybridge server knows, with their owner's test settings. */
const PROJECTS: Record<string, { appName: string; navBarType: string; statusBar: string }> = {
  shop: { appName: "Café Shop", navBarType: "header", statusBar: "#0E904D" },
  light: { appName: "Light App", navBarType: "footer", statusBar: "#fff" },
};

let scratch: string;
let server: Server;
let serverUrl: string;
let jvm: ShellJvm;
/** Every dev-link request the server received: path and query. */
const requests: string[] = [];
/** Set by a test: the server answers this devUrl whatever it is asked (a lying server). */
let forcedDevUrl: string | null = null;

/** The project "shop"'s update-signing key, as the server keeps it (decision 051). */
const updateKey = generateKeyPairSync("ec", { namedCurve: "P-256" });
const updatePublicKey = updateKey.publicKey
  .export({ type: "spki", format: "der" })
  .toString("base64");

/** The updates of "shop" the stand-in server can preview: id → the zip it serves, signed or not. */
const PREVIEWS = new Map<string, { zip: Buffer; served: Buffer }>();

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  return buffer(zip.outputStream);
}

/** An update of "shop" saying `text`; `tampered`: the server serves other bytes of the same size. */
async function addPreview(text: string, tampered = false): Promise<string> {
  const id = randomUUID();
  const zip = await zipOf({ "index.html": `<!doctype html><p>${text}</p>`, "app.js": "1" });
  const served = Buffer.from(zip);
  if (tampered) served[served.length - 30] = (served[served.length - 30] ?? 0) ^ 0xff;
  PREVIEWS.set(id, { zip, served });
  return id;
}

function previewAnswer(id: string): PreviewUpdate | null {
  const preview = PREVIEWS.get(id);
  if (!preview) return null;
  return {
    id,
    url: `${serverUrl}/bundles/${id}.zip`,
    sha256: createHash("sha256").update(preview.zip).digest("hex"),
    signature: createSign("sha256")
      .update(preview.zip)
      .sign({ key: updateKey.privateKey, dsaEncoding: "der" })
      .toString("base64"),
    size: preview.zip.length,
    message: "New checkout",
    channel: "production",
    rolloutPercent: 0,
    state: "paused",
    createdAt: new Date().toISOString(),
  };
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hybridge-dev-app-jvm-"));
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://server");
    requests.push(`${url.pathname}${url.search}`);
    const match = /^\/api\/v1\/dev-link\/([^/]+)$/.exec(url.pathname);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify(body));
    };
    const bundle = /^\/bundles\/([^/]+)\.zip$/.exec(url.pathname);
    if (bundle) {
      const served = PREVIEWS.get(bundle[1] ?? "")?.served;
      res.writeHead(served ? 200 : 404, { "content-type": "application/zip" });
      return res.end(served ?? "");
    }
    const appKey = decodeURIComponent(match?.[1] ?? "");
    const project = PROJECTS[appKey];
    if (!project) return send(404, { code: "NOT_FOUND", message: "No such project." });
    const updateId = url.searchParams.get("update");
    if (updateId !== null) {
      const update = appKey === "shop" ? previewAnswer(updateId) : null;
      if (!update) return send(404, { code: "UNKNOWN_UPDATE", message: "No such update." });
      return send(200, {
        v: 1,
        server: serverUrl,
        appKey,
        appName: project.appName,
        devUrl: null,
        config: { navBarType: project.navBarType as "header", statusBar: project.statusBar },
        update,
        updatePublicKey,
      } satisfies DevLinkResponse);
    }
    const devUrl = normaliseDevUrl(url.searchParams.get("url") ?? "");
    if (!devUrl) return send(400, { code: "BAD_DEV_URL", message: "Not a private address." });
    const answer: DevLinkResponse = {
      v: 1,
      server: serverUrl,
      appKey,
      appName: project.appName,
      devUrl: forcedDevUrl ?? devUrl,
      config: { navBarType: project.navBarType as "header", statusBar: project.statusBar },
      update: null,
      updatePublicKey: null,
    };
    send(200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const keystore = await sharedUploadKeystore("Hybridge Dev");
  const apk = await buildDevAppApk({
    publicUrl: serverUrl,
    keystore,
    versionCode: 1,
    versionName: "1.0.0",
    workDir: scratch,
  });
  const apkPath = join(scratch, "dev.apk");
  await writeFile(apkPath, apk.apk);
  jvm = await prepareShellOnJvm(apkPath);
});

afterAll(async () => {
  await jvm?.dispose();
  await new Promise((resolve) => server?.close(resolve));
  await rm(scratch, { recursive: true, force: true });
});

const state = (answer: DevAppAnswer | undefined) => answer as DevAppState;

/** The dev server's page as DevActivity loads it: the nav bar type in the query. */
const shown = (devUrl: string, navBar: string) => `${devUrl}?hybridgeNavBar=${navBar}`;

describe("a scanned link", () => {
  it("opens the App Link: the dev server with the project's status bar, its origin the bridge's", async () => {
    const before = requests.length;
    const [opened] = await runDevAppOnJvm(jvm, [`start ${devLinkUrl(serverUrl, "shop", DEV)}`]);
    expect(state(opened)).toEqual({
      loadedUrl: shown(`${DEV}/`, "header"),
      statusBarColor: "#0e904d",
      // The same rule as a built app's theme.
      lightStatusBar: isLightColor("#0E904D"),
      bridgeOrigin: DEV,
    });
    expect(requests.slice(before)).toEqual([
      `/api/v1/dev-link/shop?url=${encodeURIComponent(`${DEV}/`)}`,
    ]);
  });

  it("opens the custom-scheme link the same way, dark icons on a light status bar", async () => {
    const [opened] = await runDevAppOnJvm(jvm, [
      `start ${devAppSchemeUrl(serverUrl, "light", "http://my-mac.local:3000/app/#/home")}`,
    ]);
    expect(state(opened)).toEqual({
      loadedUrl: "http://my-mac.local:3000/app/?hybridgeNavBar=footer#/home",
      statusBarColor: "#ffffff",
      lightStatusBar: true,
      bridgeOrigin: "http://my-mac.local:3000",
    });
  });

  it("refuses a dev server on the internet without asking the server", async () => {
    const before = requests.length;
    const [refused] = await runDevAppOnJvm(jvm, [
      `start ${devAppSchemeUrl(serverUrl, "shop", "http://93.184.216.34:5173")}`,
    ]);
    expect(state(refused)).toMatchObject({
      loadedUrl: `https://localhost/refused.html?url=${encodeURIComponent("http://93.184.216.34:5173")}`,
      statusBarColor: null,
      bridgeOrigin: "https://localhost",
    });
    expect(requests.length).toBe(before);
  });

  it("refuses a public devUrl even from the server", async () => {
    forcedDevUrl = "http://93.184.216.34/";
    try {
      const [refused] = await runDevAppOnJvm(jvm, [`start ${devLinkUrl(serverUrl, "shop", DEV)}`]);
      expect(state(refused).loadedUrl).toBe(
        `https://localhost/refused.html?url=${encodeURIComponent(`${DEV}/`)}`,
      );
      expect(state(refused).bridgeOrigin).toBe("https://localhost");
    } finally {
      forcedDevUrl = null;
    }
  });

  it("says so for a project the server does not know", async () => {
    const [unknown] = await runDevAppOnJvm(jvm, [`start ${devLinkUrl(serverUrl, "nope", DEV)}`]);
    expect(state(unknown).loadedUrl).toBe(
      `https://localhost/unknown.html?server=${encodeURIComponent(serverUrl)}&app=nope&dev=${encodeURIComponent(`${DEV}/`)}`,
    );
  });

  it("shows the unreachable page, naming the server tried, when the Hybridge server does not answer", async () => {
    // A port nothing listens on: one the system just gave and took back.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    const [unreachable] = await runDevAppOnJvm(jvm, [
      `start ${devAppSchemeUrl(closed, "shop", DEV)}`,
    ]);
    const loaded = new URL(state(unreachable).loadedUrl ?? "");
    expect(`${loaded.origin}${loaded.pathname}`).toBe("https://localhost/unreachable.html");
    expect(Object.fromEntries(loaded.searchParams)).toEqual({
      what: "server",
      url: `${closed}/api/v1/dev-link/shop?url=${encodeURIComponent(`${DEV}/`)}`,
      server: closed,
      app: "shop",
      dev: `${DEV}/`,
    });
  });

  it("a new link while a project is open replaces it", async () => {
    const answers = await runDevAppOnJvm(jvm, [
      `start ${devLinkUrl(serverUrl, "shop", DEV)}`,
      `intent ${devAppSchemeUrl(serverUrl, "light", "http://10.0.0.5:8080")}`,
    ]);
    expect(state(answers[1])).toMatchObject({
      loadedUrl: shown("http://10.0.0.5:8080/", "footer"),
      bridgeOrigin: "http://10.0.0.5:8080",
      statusBarColor: "#ffffff",
    });
  });
});

describe("an open project", () => {
  let answers: DevAppAnswer[];

  beforeAll(async () => {
    answers = await runDevAppOnJvm(jvm, [
      `start ${devLinkUrl(serverUrl, "shop", DEV)}`,
      // Vite's page and module requests, then the network's others.
      `main ${DEV}/?hybridgeNavBar=header`,
      `sub ${DEV}/@vite/client`,
      // Vite's hot reload socket, were a WebView ever to show it to the client.
      "sub ws://192.168.1.20:5173/?token=abc",
      "sub http://[::1]:5173/src/main.ts",
      "sub https://api.example.com/items",
      "sub http://93.184.216.34/tracker.js",
      "main http://example.com/",
      // Links: the dev server's stay, other sites go to the browser.
      `link ${DEV}/products/42`,
      "link https://example.com/docs",
      // The dev server stops answering.
      `error ${DEV}/?hybridgeNavBar=header`,
    ]);
  });

  it("lets the dev server's requests (and https anywhere) through to the network", () => {
    for (const answer of answers.slice(1, 6)) {
      expect(answer).toMatchObject({ intercepted: false });
    }
  });

  it("refuses cleartext to a public address: 403, a page's navigation to the explanation", () => {
    expect(answers[6]).toMatchObject({ intercepted: true, status: 403, body: null });
    expect(answers[7]).toMatchObject({ intercepted: true, status: 403, mimeType: "text/html" });
    expect((answers[7] as { body: string }).body).toContain(
      `url=https://localhost/refused.html?url=${encodeURIComponent("http://example.com/")}`,
    );
  });

  it("keeps the dev server's links in the WebView, opens other sites in the browser", () => {
    expect(answers[8]).toMatchObject({ staysInWebView: true });
    expect(answers[9]).toMatchObject({ staysInWebView: false });
  });

  it("shows the unreachable page when the dev server does not answer, with Retry's link", () => {
    const loaded = new URL(state(answers[10]).loadedUrl ?? "");
    expect(`${loaded.origin}${loaded.pathname}`).toBe("https://localhost/unreachable.html");
    expect(Object.fromEntries(loaded.searchParams)).toEqual({
      url: `${DEV}/?hybridgeNavBar=header`,
      server: serverUrl,
      app: "shop",
      dev: `${DEV}/`,
    });
  });
});

describe("the start screen", () => {
  it("lists the projects opened before, across app starts, and reopens one", async () => {
    const answers = await runDevAppOnJvm(jvm, [
      `start ${devLinkUrl(serverUrl, "light", "http://10.0.0.5:8080")}`,
      `start ${devLinkUrl(serverUrl, "shop", DEV)}`,
      // The app opened again from the launcher: a new activity, the same phone.
      "start",
      "sub https://localhost/recent-projects.json",
      `link https://localhost/open?server=${encodeURIComponent(serverUrl)}&app=light&url=${encodeURIComponent("http://10.0.0.5:8080/")}`,
    ]);
    expect(state(answers[2])).toMatchObject({
      loadedUrl: "https://localhost/",
      statusBarColor: null,
      bridgeOrigin: "https://localhost",
    });
    const list = answers[3] as { status: number; mimeType: string; body: string };
    expect(list).toMatchObject({ status: 200, mimeType: "application/json" });
    const projects = JSON.parse(list.body) as Record<string, unknown>[];
    expect(projects.map(({ time: _, ...rest }) => rest)).toEqual([
      { name: "Café Shop", appKey: "shop", server: serverUrl, url: `${DEV}/` },
      { name: "Light App", appKey: "light", server: serverUrl, url: "http://10.0.0.5:8080/" },
    ]);
    for (const project of projects) expect(project.time).toEqual(expect.any(Number));
    expect(answers[4]).toMatchObject({
      staysInWebView: false,
      state: {
        loadedUrl: shown("http://10.0.0.5:8080/", "footer"),
        bridgeOrigin: "http://10.0.0.5:8080",
      },
    });
  });

  it("is served from the APK with the recent projects' list and its texts", async () => {
    const [, page] = await runDevAppOnJvm(jvm, ["start", "main https://localhost/"]);
    expect(page).toMatchObject({ intercepted: true, status: 200, mimeType: "text/html" });
    expect((page as { body: string }).body).toContain("Recent projects");
  });
});

describe("the activity's life", () => {
  it("drops the server's answer when the activity was destroyed meanwhile", async () => {
    const [destroyed] = await runDevAppOnJvm(jvm, [
      `destroyed ${devLinkUrl(serverUrl, "shop", DEV)}`,
    ]);
    expect(state(destroyed)).toMatchObject({
      loadedUrl: "https://localhost/",
      bridgeOrigin: "https://localhost",
    });
  });

  it("keeps the project through a recreation and a renderer crash", async () => {
    const answers = await runDevAppOnJvm(jvm, [
      `start ${devLinkUrl(serverUrl, "shop", DEV)}`,
      "recreate",
      "gone",
    ]);
    expect(state(answers[1])).toMatchObject({ bridgeOrigin: DEV, statusBarColor: "#0e904d" });
    expect(state(answers[2])).toMatchObject({
      loadedUrl: shown(`${DEV}/`, "header"),
      bridgeOrigin: DEV,
    });
  });
});

const HEX_DIGIT = fc.constantFrom(..."0123456789abcdef");

describe("the dev server addresses the app accepts", () => {
  it("are exactly those isPrivateDevUrl accepts", async () => {
    const table = [
      "http://localhost:5173",
      "http://LOCALHOST:5173/app/",
      "https://127.0.0.1:8443",
      "http://10.255.255.255",
      "http://172.16.0.1:5173",
      "http://172.31.255.254",
      "http://172.15.0.1",
      "http://172.32.0.1",
      "http://192.168.1.10:3000",
      "HTTP://192.168.0.1/?a=b#c",
      "http://192.169.0.1",
      "http://169.254.10.20",
      "http://169.255.0.1",
      "http://[::1]:5173",
      "http://[::2]",
      "http://[fc00::1]",
      "http://[fd12:3456:789a::1]:3000",
      "http://[fe80::1]",
      "http://[febf:ffff::1]",
      "http://[fec0::1]",
      "http://[2001:db8::1]",
      "http://[::ffff:192.168.1.1]",
      "http://[fe80::1%25wlan0]",
      "http://[0:0:0:0:0:0:0:1]",
      "http://[1:2:3:4:5:6:7:8:9]",
      "http://[fc00::1::2]",
      "http://[]",
      "http://[",
      "http://my-mac.local:5173",
      "https://Studio-PC.home.local",
      "http://local",
      "http://.local",
      "http://-x.local",
      "http://x.local.",
      "http://10.0.0.1.nip.io",
      "http://8.8.8.8",
      "http://0.0.0.0:3000",
      "http://256.1.1.1",
      "http://010.0.0.1",
      "http://2130706433",
      "http://0x7f.0.0.1",
      "http://127.1",
      "http://example.com",
      "http://localhost.example.com",
      "http://app.localhost",
      "http://user@192.168.1.2",
      "http://evil.com\\@192.168.1.2",
      "http://192.168.1.2:0",
      "http://192.168.1.2:65535",
      "http://192.168.1.2:65536",
      "http://192.168.1.2:",
      "http://192.168.1.2/a b",
      "ftp://192.168.1.2",
      "javascript://192.168.1.2/%0aalert(1)",
      "192.168.1.2:3000",
      "//192.168.1.2",
      "",
      " http://10.0.0.1 ",
      "http://10.0.0.1\u00a0",
      "http://10.0.0.1\u2028",
      "http://10.0.0.1/é",
      `http://192.168.1.2/${"a".repeat(279)}`,
      `http://192.168.1.2/${"a".repeat(280)}`,
    ];
    const generated = fc.sample(
      fc.oneof(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc
          .tuple(
            fc.constantFrom(10, 127, 169, 172, 192, 8),
            fc.nat(255),
            fc.nat(255),
            fc.nat(300),
            fc.option(fc.integer({ min: 0, max: 70000 })),
          )
          .map(
            ([a, b, c, d, port]) => `http://${a}.${b}.${c}.${d}${port === null ? "" : `:${port}`}/`,
          ),
        fc
          .tuple(
            fc.constantFrom("fc", "fd", "fe", "ff", "fb", ""),
            fc.string({ unit: HEX_DIGIT, maxLength: 4 }),
          )
          .map(([head, rest]) => `http://[${head}${rest}::${rest || "1"}]:5173`),
      ),
      { numRuns: 300, seed: 26 },
    );
    const urls = [...table, ...generated];
    // Encoded: a command line carries no line breaks, and its non-ASCII depends on the locale.
    const answers = (await runDevAppOnJvm(
      jvm,
      urls.map((url) => `check ${encodeURIComponent(url)}`),
    )) as { url: string; private: boolean }[];
    const smali = answers.map((answer) => [answer.url, answer.private]);
    expect(smali).toEqual(urls.map((url) => [url, isPrivateDevUrl(url)]));
    // Both verdicts occur, in the table and in the generated part.
    expect(new Set(smali.map(([, verdict]) => verdict))).toEqual(new Set([true, false]));
  });
});

describe("an update's preview (issue 27)", () => {
  it("downloads the update, verifies it with the answered key and serves it on https://localhost", async () => {
    const files = join(scratch, "files");
    const first = await addPreview("first preview");
    const id = await addPreview("Preview of the new checkout");
    const before = requests.length;
    const answers = await runDevAppOnJvm(
      jvm,
      [
        `start ${devLinkUrl(serverUrl, "shop", { update: first })}`,
        `intent ${devLinkUrl(serverUrl, "shop", { update: id })}`,
        "main https://localhost/?hybridgeNavBar=header",
        "sub https://localhost/app.js",
        "sub https://localhost/recent-projects.json",
        "recreate",
        "main https://localhost/",
        // Another link closes the preview: the dev app's own pages again.
        `intent ${devAppSchemeUrl(serverUrl, "shop", "http://93.184.216.34:5173")}`,
        "main https://localhost/",
      ],
      files,
    );
    expect(state(answers[1])).toEqual({
      loadedUrl: "https://localhost/?hybridgeNavBar=header",
      statusBarColor: "#0e904d",
      lightStatusBar: isLightColor("#0E904D"),
      bridgeOrigin: "https://localhost",
    });
    expect(requests.slice(before)).toEqual([
      `/api/v1/dev-link/shop?update=${first}`,
      `/bundles/${first}.zip`,
      `/api/v1/dev-link/shop?update=${id}`,
      `/bundles/${id}.zip`,
    ]);
    expect(answers[2]).toMatchObject({ intercepted: true, status: 200, mimeType: "text/html" });
    expect((answers[2] as { body: string }).body).toContain("Preview of the new checkout");
    expect(answers[3]).toMatchObject({ status: 200, body: "1" });
    // The update's page is not the start screen: no list of projects for it.
    expect(answers[4]).toMatchObject({ status: 404 });
    // Recreated by the system: the same preview.
    expect(state(answers[5]).bridgeOrigin).toBe("https://localhost");
    expect((answers[6] as { body: string }).body).toContain("Preview of the new checkout");
    expect((answers[8] as { body: string }).body).not.toContain("Preview of the new checkout");
    // Only the preview opened last is kept on the phone, apart from the shell's updates.
    const previews = await readdir(join(files, "hybridge-previews"));
    expect(previews).toEqual([id]);
  });

  it("refuses an update whose bytes are not the ones signed, saying why", async () => {
    const id = await addPreview("tampered", true);
    const [refused, page] = await runDevAppOnJvm(jvm, [
      `start ${devLinkUrl(serverUrl, "shop", { update: id })}`,
      "main https://localhost/",
    ]);
    const loaded = new URL(state(refused).loadedUrl ?? "");
    expect(`${loaded.origin}${loaded.pathname}`).toBe("https://localhost/preview-failed.html");
    expect(loaded.searchParams.get("url")).toMatch(/^refused: .*SHA-256/);
    expect(loaded.searchParams.get("server")).toBe(serverUrl);
    // Nothing of it is served: the dev app's own page.
    expect((page as { body: string }).body).toContain("Recent projects");
  });

  it("says so for an update the server does not know", async () => {
    const [unknown] = await runDevAppOnJvm(jvm, [
      `start ${devLinkUrl(serverUrl, "shop", { update: randomUUID() })}`,
    ]);
    expect(state(unknown).loadedUrl).toBe(
      `https://localhost/preview-failed.html?what=unknown&server=${encodeURIComponent(serverUrl)}`,
    );
  });
});
