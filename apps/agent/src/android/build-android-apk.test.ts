import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { jpegFile } from "@hybridge/shared/files/test-files";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apksignerVerify, referenceTool, zipEntries } from "../../test/reference-tools";
import { runShellOnJvm, type ShellRun } from "../../test/shell-on-jvm";
import { sharedUploadKeystore } from "../../test/upload-keystores";
import { type AndroidApk, type AndroidApp, buildAndroidApk } from "./build-android-apk";
import type { UploadKeystore } from "./keystore";
import { packageIdFromAppCode } from "./package-id";
import { detectAndroidToolchain } from "./toolchain";

// A name that XML, aapt's string syntax, format strings and HTML would each mangle if unescaped.
const NAME = `Bob's "Café" & <Shop> 100% %s \\ @home`;

const app: AndroidApp = {
  appCode: "Café-Shop!2024",
  name: NAME,
  version: 1,
  statusBarColor: "#fff",
  themeColor: "#0E904D",
  launchIcon: null,
};

// The bundle as a build tool leaves it: Vite's root-relative URLs (base "/") to hashed files
// under assets/, a Next.js-style `_next/` folder, a dotfolder the web needs (`.well-known/`), a
// folder's own index.html, names with spaces and accents, bytes that are not UTF-8 text, and the
// clutter a zipped folder carries (.DS_Store, .git/).
const BUNDLE: Record<string, Buffer> = {
  "index.html": Buffer.from(
    '<!doctype html>\r\n<html><head><meta charset="utf-8"><title>Café</title>\r\n<link rel="manifest" href="/manifest.webmanifest"><link rel="stylesheet" href="/assets/index-9c1b.css">\r\n<script type="module" src="/assets/index-3f2a.js"></script></head><body><img src="/icon.svg">Hello</body></html>\n',
  ),
  "assets/index-3f2a.js": Buffer.from("document.body.append(' ✓');\n"),
  "assets/index-9c1b.css": Buffer.from("body { color: #0e904d; }\n"),
  "assets/worker-77aa.mjs": Buffer.from("onmessage = (e) => postMessage(e.data);\n"),
  "assets/sum-1d0e.wasm": Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]),
  "icon.svg": Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  "manifest.webmanifest": Buffer.from('{"name":"Café"}'),
  "docs/index.html": Buffer.from("<p>Docs</p>"),
  "_next/static/chunks/main-3f2a.js": Buffer.from("self.__NEXT=1;"),
  ".well-known/assetlinks.json": Buffer.from("[]"),
  "img/logo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 7]),
  "fonts/Noto Sans é.woff2": Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]),
};
const CLUTTER: Record<string, Buffer> = {
  ".DS_Store": Buffer.from([0, 0, 0, 1, 66, 117, 100, 49]),
  ".git/HEAD": Buffer.from("ref: refs/heads/main\n"),
};

let scratch: string;
let bundleDir: string;
let keystore: UploadKeystore;

async function writeTree(dir: string, files: Record<string, Buffer>) {
  for (const [path, bytes] of Object.entries(files)) {
    await mkdir(join(dir, dirname(path)), { recursive: true });
    await writeFile(join(dir, path), bytes);
  }
}

/** A build with a log, its progress, and its own parent folder to check what it leaves behind. */
async function build(overrides: Partial<Parameters<typeof buildAndroidApk>[0]> = {}) {
  const log: string[] = [];
  const progress: number[] = [];
  const workDir = await mkdtemp(join(scratch, "work-"));
  const started = performance.now();
  const result = buildAndroidApk({
    app,
    bundleDir,
    keystore,
    workDir,
    onLog: (line) => log.push(line),
    onProgress: (percent) => progress.push(percent),
    ...overrides,
  });
  const settled = await result.then(
    (built) => ({ built, error: null }),
    (error: unknown) => ({ built: null, error }),
  );
  return {
    ...settled,
    ms: Math.round(performance.now() - started),
    log,
    progress,
    leftBehind: await readdir(workDir),
  };
}

async function saved(apk: AndroidApk, name: string) {
  const path = join(scratch, name);
  await writeFile(path, apk.apk);
  return path;
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hybridge-apk-test-"));
  bundleDir = join(scratch, "bundle");
  await writeTree(bundleDir, { ...BUNDLE, ...CLUTTER });
  keystore = await sharedUploadKeystore("Test shop");
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("an APK built from an uploaded bundle", () => {
  let v1: Awaited<ReturnType<typeof build>>;
  let apk: AndroidApk;
  let apkPath: string;

  beforeAll(async () => {
    v1 = await build();
    if (!v1.built) throw v1.error;
    apk = v1.built;
    apkPath = await saved(apk, "v1.apk");
    console.log(`Android build (first of this process, smali included): ${v1.ms} ms`);
  });

  it("is signed with APK Signature Scheme v2 and v3, by the certificate the build reports", async () => {
    const verified = await apksignerVerify(apkPath);
    expect(verified).toMatchObject({ v2: true, v3: true, signers: 1 });
    expect(verified.certificateSha256).toBe(apk.certificateSha256);
    expect(verified.certificateDn).toBe("CN=Test shop");
  });

  it("carries the package id, version, label, icons and launchable activity", async () => {
    const badging = await referenceTool("aapt", ["dump", "badging", apkPath]);
    const packageName = packageIdFromAppCode(app.appCode);
    expect(apk).toMatchObject({ packageName, versionCode: 1, versionName: "1" });
    expect(badging).toContain(`package: name='${packageName}' versionCode='1' versionName='1'`);
    expect(badging).toContain("sdkVersion:'24'");
    // aapt prints " and \ escaped.
    const label = NAME.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
    expect(badging).toContain(`application-label:'${label}'`);
    expect(badging).toContain("launchable-activity: name='dev.hybridge.shell.MainActivity'");
    expect(badging).toContain("uses-permission: name='android.permission.INTERNET'");
    expect(badging).toContain("densities: '160' '240' '320' '480' '640'");
  });

  it("colours the status bar from the project (#fff), with dark icons on it", async () => {
    const resources = await referenceTool("aapt", ["dump", "--values", "resources", apkPath]);
    const id = (name: string) =>
      new RegExp(`resource (0x[0-9a-f]{8}) [\\w.]+:${name}: t=`).exec(resources)?.[1];
    expect(resources).toMatch(/color\/status_bar: t=0x1d d=0xffffffff/);
    expect(resources).toMatch(/color\/theme: t=0x1d d=0xff0e904d/);
    // The theme's items by attribute id: android:statusBarColor (0x01010451) is the project's
    // colour, android:windowLightStatusBar (0x010104e0) is true.
    expect(resources).toContain(`(Key=0x01010451): (reference) ${id("color/status_bar")}`);
    expect(resources).toMatch(/\(Key=0x010104e0\): \(\w+\) #ffffffff/);
  });

  it("holds the WebView activity and the client that serves the bundle from https://localhost", async () => {
    const classes = await referenceTool("baksmali", ["list", "classes", apkPath]);
    expect(classes.split("\n")).toEqual(
      expect.arrayContaining([
        "Ldev/hybridge/shell/MainActivity;",
        "Ldev/hybridge/shell/ShellWebViewClient;",
      ]),
    );
    const methods = await referenceTool("baksmali", ["list", "methods", apkPath]);
    for (const call of [
      "Landroid/webkit/WebSettings;->setJavaScriptEnabled(Z)V",
      "Landroid/webkit/WebSettings;->setDomStorageEnabled(Z)V",
      "Landroid/webkit/WebSettings;->setAllowFileAccess(Z)V",
      "Landroid/webkit/WebView;->setWebViewClient(Landroid/webkit/WebViewClient;)V",
      "Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V",
      "Landroid/webkit/WebView;->canGoBack()Z",
      "Landroid/webkit/WebView;->goBack()V",
      "Ldev/hybridge/shell/MainActivity;->onBackPressed()V",
      "Ldev/hybridge/shell/ShellWebViewClient;->shouldInterceptRequest(Landroid/webkit/WebView;Landroid/webkit/WebResourceRequest;)Landroid/webkit/WebResourceResponse;",
      "Landroid/webkit/WebResourceRequest;->isForMainFrame()Z",
      "Landroid/content/res/AssetManager;->open(Ljava/lang/String;)Ljava/io/InputStream;",
      "Landroid/webkit/MimeTypeMap;->getMimeTypeFromExtension(Ljava/lang/String;)Ljava/lang/String;",
    ]) {
      expect(methods).toContain(call);
    }
    // The bundle is no longer opened from files, so file URLs get no access of their own.
    expect(methods).not.toContain("setAllowFileAccessFromFileURLs");
    const strings = await referenceTool("baksmali", ["list", "strings", apkPath]);
    for (const text of ['"https://localhost/"', '"localhost"', '"www"', '"www/index.html"']) {
      expect(strings).toContain(text);
    }
    expect(strings).not.toContain("file:///android_asset");
  });

  it("packs the bundle byte for byte, dotfiles and _ folders included, clutter left out", async () => {
    const entries = await zipEntries(apk.apk);
    for (const [path, bytes] of Object.entries(BUNDLE)) {
      expect(entries.get(`assets/www/${path}`), path).toEqual(bytes);
    }
    const assets = [...entries.keys()].filter((name) => name.startsWith("assets/"));
    expect(assets).toHaveLength(Object.keys(BUNDLE).length);
    expect(v1.log).toContain("left out of the bundle: .DS_Store");
    expect(entries.has("classes.dex")).toBe(true);
  });

  it("logs each tool's command and output, reports progress to 100 and leaves no files", () => {
    for (const tool of ["aapt package", "zipalign -p -f 4", "apksigner", "apksigner"]) {
      expect(v1.log.some((line) => line.startsWith(`$ ${tool}`))).toBe(true);
    }
    expect(v1.log).toContain("Verified using v2 scheme (APK Signature Scheme v2): true");
    // The password reaches apksigner through its environment, never its command line.
    expect(v1.log.join("\n")).not.toContain(keystore.password);
    expect(v1.progress[0]).toBe(0);
    expect(v1.progress.at(-1)).toBe(100);
    expect(v1.progress).toEqual([...v1.progress].sort((a, b) => a - b));
    expect(v1.leftBehind).toEqual([]);
  });

  it("version 2, with the project's own launch icon, installs over version 1: same package, same certificate", async () => {
    const red = Buffer.from(jpegFile(512, 512, [220, 20, 20]));
    const v2 = await build({ app: { ...app, version: 2, launchIcon: red } });
    if (!v2.built) throw v2.error;
    console.log(`Android build (classes.dex reused): ${v2.ms} ms`);
    const v2Path = await saved(v2.built, "v2.apk");
    const [first, second] = await Promise.all([apksignerVerify(apkPath), apksignerVerify(v2Path)]);
    expect(second.certificateSha256).toBe(first.certificateSha256);
    expect(second).toMatchObject({ v2: true, v3: true });
    const badging = await referenceTool("aapt", ["dump", "badging", v2Path]);
    expect(badging).toContain(`package: name='${apk.packageName}' versionCode='2' versionName='2'`);

    const icon = (await zipEntries(v2.built.apk)).get("res/mipmap-xxxhdpi-v4/ic_launcher.png");
    if (!icon) throw new Error("no xxxhdpi launcher icon");
    const { info, data } = await sharp(icon).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([192, 192]);
    expect(data[0]).toBeGreaterThan(180); // red, not the default icon
    expect(data[1]).toBeLessThan(60);
  });

  describe("its shell, run on a JVM over the APK's assets (no phone here)", () => {
    // `main`: a page's navigation; `sub`: a script, a stylesheet, a fetch.
    const REQUESTS = [
      "main https://localhost/",
      "sub https://localhost/assets/index-3f2a.js",
      "sub https://localhost/assets/index-9c1b.css",
      "sub https://localhost/assets/worker-77aa.mjs",
      "sub https://localhost/assets/sum-1d0e.wasm",
      "sub https://localhost/icon.svg",
      "sub https://localhost/manifest.webmanifest",
      "sub https://localhost/.well-known/assetlinks.json",
      "sub https://localhost/img/logo.png",
      "sub https://localhost/fonts/Noto%20Sans%20%C3%A9.woff2",
      "main https://localhost/docs/",
      "main https://localhost/products/42",
      "sub https://localhost/products/42",
      "main https://localhost/u/jane.doe",
      "main https://localhost/u/jane.doe -",
      "main https://localhost/assets/missing-0000.js Accept: application/json",
      "sub https://localhost/assets/%2E%2E/%2E%2E/AndroidManifest.xml",
      "sub https://cdn.example.com/lib.js",
      "sub https://localhost:8443/api/items",
      "sub http://localhost/",
      "link https://localhost/cart",
      "link https://checkout.example.com/pay",
      "link tel:+33123456789",
    ] as const;
    let shell: ShellRun;
    const answer = (request: (typeof REQUESTS)[number]) => {
      const found = shell.answers[REQUESTS.indexOf(request)];
      if (!found) throw new Error(`no answer for ${request}`);
      return found;
    };
    const served = (path: string, mimeType: string | null) => ({
      intercepted: true,
      status: 200,
      mimeType,
      encoding: null,
      body: BUNDLE[path]?.toString("base64"),
    });
    const notFound = { intercepted: true, status: 404, body: null };

    beforeAll(async () => {
      shell = await runShellOnJvm(apkPath, [...REQUESTS]);
    });

    it("opens https://localhost/ with JavaScript and DOM storage on, file and content access off", () => {
      // toMatchObject: the activity's other parts (its DownloadListener) are other tests'.
      expect(shell.activity).toMatchObject({
        loadedUrl: "https://localhost/",
        settings: {
          javaScript: true,
          domStorage: true,
          fileAccess: false,
          contentAccess: false,
          fileAccessFromFileURLs: false,
          universalAccessFromFileURLs: false,
        },
      });
    });

    it("answers the app's origin from the bundle, root-relative paths included, each file with its type", () => {
      const expected: [(typeof REQUESTS)[number], string, string | null][] = [
        ["main https://localhost/", "index.html", "text/html"],
        ["sub https://localhost/assets/index-3f2a.js", "assets/index-3f2a.js", "text/javascript"],
        ["sub https://localhost/assets/index-9c1b.css", "assets/index-9c1b.css", "text/css"],
        [
          "sub https://localhost/assets/worker-77aa.mjs",
          "assets/worker-77aa.mjs",
          "text/javascript",
        ],
        ["sub https://localhost/assets/sum-1d0e.wasm", "assets/sum-1d0e.wasm", "application/wasm"],
        ["sub https://localhost/icon.svg", "icon.svg", "image/svg+xml"],
        [
          "sub https://localhost/manifest.webmanifest",
          "manifest.webmanifest",
          "application/manifest+json",
        ],
        [
          "sub https://localhost/.well-known/assetlinks.json",
          ".well-known/assetlinks.json",
          "application/json",
        ],
        // Other types come from MimeTypeMap; one it does not know is left to the WebView to sniff.
        ["sub https://localhost/img/logo.png", "img/logo.png", "image/png"],
        ["sub https://localhost/fonts/Noto%20Sans%20%C3%A9.woff2", "fonts/Noto Sans é.woff2", null],
      ];
      for (const [request, path, mimeType] of expected) {
        expect(answer(request), request).toMatchObject(served(path, mimeType));
      }
    });

    it("gives a folder its index.html, an app route the app's page, and a missing file a 404", () => {
      expect(answer("main https://localhost/docs/")).toMatchObject(
        served("docs/index.html", "text/html"),
      );
      // A deep link or a reload of a history API route, a dot in it or not (a navigation sends
      // Accept: text/html,…; one without the header is taken as a page too): the app's router
      // takes it from there.
      for (const request of [
        "main https://localhost/products/42",
        "main https://localhost/u/jane.doe",
        "main https://localhost/u/jane.doe -",
      ] as const) {
        expect(answer(request), request).toMatchObject(served("index.html", "text/html"));
      }
      // A fetch of the same path is not a page: it gets no HTML in place of data.
      expect(answer("sub https://localhost/products/42")).toMatchObject(notFound);
      // Nor does a request that does not take HTML.
      expect(
        answer("main https://localhost/assets/missing-0000.js Accept: application/json"),
      ).toMatchObject(notFound);
      expect(
        answer("sub https://localhost/assets/%2E%2E/%2E%2E/AndroidManifest.xml"),
      ).toMatchObject(notFound);
    });

    it("leaves every other origin to the network", () => {
      for (const request of [
        "sub https://cdn.example.com/lib.js",
        "sub https://localhost:8443/api/items",
      ] as const) {
        expect(answer(request)).toEqual({ url: request.slice(4), intercepted: false });
      }
      // No development server (decision 058; development-build.test.ts): no http:// at all.
      expect(answer("sub http://localhost/")).toMatchObject({ intercepted: true, status: 403 });
    });

    // More link cases, intent: links, downloads and a renderer's death: shell-web.test.ts.
    it("keeps links to the app in the WebView, opens other sites in the browser, hands tel: to another app", () => {
      expect(answer("link https://localhost/cart")).toMatchObject({
        staysInWebView: true,
        started: [],
      });
      // No browser on this JVM: the shell catches that and the WebView still leaves the link.
      expect(answer("link https://checkout.example.com/pay")).toMatchObject({
        staysInWebView: false,
        started: [{ data: "https://checkout.example.com/pay", taken: false }],
      });
      expect(answer("link tel:+33123456789")).toMatchObject({
        staysInWebView: false,
        started: [{ action: "android.intent.action.VIEW", data: "tel:+33123456789" }],
      });
    });
  });
});

describe("an APK built before any bundle was uploaded", () => {
  it("shows a starter page with the app's name and colours", async () => {
    const starter = await build({
      bundleDir: null,
      app: { ...app, appCode: "9lives", name: "<b>Nine</b> & lives", statusBarColor: "#123" },
    });
    if (!starter.built) throw starter.error;
    const path = await saved(starter.built, "starter.apk");
    expect(await apksignerVerify(path)).toMatchObject({ v2: true, v3: true });
    const badging = await referenceTool("aapt", ["dump", "badging", path]);
    expect(badging).toContain("application-label:'<b>Nine</b> & lives'");
    expect(badging).toContain(`package: name='${packageIdFromAppCode("9lives")}'`);
    // A dark status bar (#123) keeps the light icons: android:windowLightStatusBar is false.
    const resources = await referenceTool("aapt", ["dump", "--values", "resources", path]);
    expect(resources).toMatch(/color\/status_bar: t=0x1d d=0xff112233/);
    expect(resources).toMatch(/\(Key=0x010104e0\): \(\w+\) #00000000/);

    const page = (await zipEntries(starter.built.apk))
      .get("assets/www/index.html")
      ?.toString("utf8");
    expect(page).toContain("<h1>&lt;b&gt;Nine&lt;/b&gt; &amp; lives</h1>");
    expect(page).toContain("Your app is ready");
    expect(page).toContain("background: #0E904D");
    expect(page).toContain('<meta name="theme-color" content="#112233">');
    expect(starter.leftBehind).toEqual([]);
  });
});

describe("a build that cannot finish", () => {
  it("refuses a bundle without index.html before any tool runs, and leaves no files", async () => {
    const empty = join(scratch, "no-index");
    await writeTree(empty, { "app.js": Buffer.from("1") });
    const failed = await build({ bundleDir: empty });
    expect(failed.error).toMatchObject({
      code: "BAD_BUNDLE",
      message: "The web bundle has no index.html at its top level.",
    });
    expect(failed.log.filter((line) => line.startsWith("$ "))).toEqual([]);
    expect(failed.leftBehind).toEqual([]);
  });

  it("refuses a bundle holding a link, which could reach any file of the build machine", async () => {
    const linked = join(scratch, "linked");
    await writeTree(linked, { "index.html": Buffer.from("<p>hi</p>") });
    await symlink("/etc/passwd", join(linked, "passwd.txt"));
    const failed = await build({ bundleDir: linked });
    expect(failed.error).toMatchObject({
      code: "BAD_BUNDLE",
      message:
        "The web bundle contains a link (passwd.txt); a bundle holds plain files and folders only.",
    });
    expect(failed.leftBehind).toEqual([]);
  });

  it("stops a tool that outlives its time limit, says so, and leaves no files", async () => {
    const slow = await build({ stepTimeoutMs: 1 });
    expect(slow.error).toMatchObject({ code: "STEP_TIMEOUT" });
    expect((slow.error as Error).message).toMatch(
      /^The Android build was stopped: (assembling the app's code|packaging the resources) took longer than 1 s\.$/,
    );
    expect(slow.leftBehind).toEqual([]);
  });

  it("refuses a colour that is not a hex code and a version Play would refuse", async () => {
    const badColor = await build({ app: { ...app, themeColor: "green" } });
    expect(badColor.error).toMatchObject({
      code: "BAD_INPUT",
      message: 'The theme colour "green" is not a hex colour code (e.g., #RRGGBB).',
    });
    const badVersion = await build({ app: { ...app, version: 0 } });
    expect(badVersion.error).toMatchObject({ code: "BAD_INPUT" });
    const badIcon = await build({ app: { ...app, launchIcon: Buffer.from("not an image") } });
    expect(badIcon.error).toMatchObject({
      code: "BAD_INPUT",
      message: "The launch icon could not be read as a PNG or JPEG image.",
    });
    expect(badIcon.leftBehind).toEqual([]);
  });
});

describe("the upload key on the build machine's disk", () => {
  it("is a 0600 file in a 0700 folder while apksigner signs, and gone before it verifies", async () => {
    // apksigner, seen through a wrapper that notes what is on disk at each of its runs.
    const bin = await mkdtemp(join(scratch, "bin-"));
    const notes = join(bin, "notes.txt");
    const real = (await detectAndroidToolchain()).tools.apksigner;
    await writeFile(
      join(bin, "apksigner"),
      [
        "#!/bin/sh",
        'ks=""; prev=""',
        'for arg in "$@"; do [ "$prev" = "--ks" ] && ks="$arg"; prev="$arg"; done',
        `if [ -n "$ks" ]; then stat -c 'sign %a %n' "$ks" "$(dirname "$ks")" >> "${notes}"; fi`,
        `case " $* " in *" verify "*) echo "verify $(find . -name '*.p12' | wc -l)" >> "${notes}";; esac`,
        `exec "${real}" "$@"`,
        "",
      ].join("\n"),
      { mode: 0o755 },
    );
    const toolchain = await detectAndroidToolchain({
      searchPath: `${bin}:${process.env.PATH ?? ""}`,
    });
    const signed = await build({ toolchain });
    if (!signed.built) throw signed.error;
    const lines = (await readFile(notes, "utf8")).trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^sign 600 \/.+\/key-[^/]+\/upload\.p12$/);
    expect(lines[1]).toMatch(/^sign 700 \/.+\/key-[^/]+$/);
    // The next step, verify, finds no keystore anywhere in the build's folder.
    expect(lines[2]).toBe("verify 0");
    expect(signed.leftBehind).toEqual([]);
  });
});
