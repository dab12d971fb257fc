import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceTool } from "../../test/reference-tools";
import {
  prepareShellOnJvm,
  type ShellAnswer,
  type ShellJvm,
  type ShellRun,
} from "../../test/shell-on-jvm";
import { sharedUploadKeystore } from "../../test/upload-keystores";
import { buildAndroidApk } from "./build-android-apk";

// What the built app's shell does with links, intent: links, downloads and a dead renderer
// (decision 046), run on the JVM from the APK's own classes.dex (test/android-on-jvm/README.md).

const BROWSABLE = "android.intent.category.BROWSABLE";
const VIEW = "android.intent.action.VIEW";
const UNSUPPORTED = "This app cannot save this download.";

let scratch: string;
let apkPath: string;
let jvm: ShellJvm;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hybridge-shell-web-test-"));
  const bundleDir = join(scratch, "bundle");
  await mkdir(join(bundleDir, "files"), { recursive: true });
  await writeFile(join(bundleDir, "index.html"), "<!doctype html><title>Shop</title>");
  await writeFile(join(bundleDir, "files", "menu.pdf"), "%PDF-1.4\n");
  const built = await buildAndroidApk({
    app: {
      appCode: "links",
      name: "Links",
      version: 1,
      statusBarColor: "#0e904d",
      themeColor: "#0e904d",
      launchIcon: null,
    },
    bundleDir,
    keystore: await sharedUploadKeystore("Test shop"),
  });
  apkPath = join(scratch, "links.apk");
  await writeFile(apkPath, built.apk);
  jvm = await prepareShellOnJvm(apkPath);
});

afterAll(async () => {
  await jvm?.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** Runs the requests and gives each one's answer by the request. */
async function run(requests: readonly string[], sdk?: number) {
  const shell: ShellRun = await jvm.run([...requests], { sdk });
  return (request: string): ShellAnswer => {
    const found = shell.answers[requests.indexOf(request)];
    if (!found) throw new Error(`no answer for ${request}`);
    return found;
  };
}

describe("a link in the built app", () => {
  const REQUESTS = [
    // This "phone" has a browser, a dialer and a maps app; no mail app, no scanner, no shop app.
    "app https",
    "app http",
    "app tel",
    "app com.example.maps",
    "link https://localhost/cart",
    "link https://docs.example.com/guide?x=1#part",
    "link http://example.org/",
    "link https://localhost:8443/admin",
    "framelink https://www.youtube.com/embed/xyz",
    "link about:blank",
    "link tel:+33123456789",
    "link mailto:someone@example.com",
    "link intent://maps.example.com/place?q=Paris#Intent;scheme=https;package=com.example.maps;component=com.example.maps/.Internal;launchFlags=0x10000043;end",
    "link intent://scan/#Intent;scheme=zxing;package=com.example.scanner;S.browser_fallback_url=https%3A%2F%2Fscanner.example.com%2Fget;end",
    "link intent://open#Intent;scheme=shop;package=com.example.shop;S.browser_fallback_url=https%3A%2F%2Flocalhost%2Finstall;end",
    "link intent://x#Intent;scheme=evil;package=com.example.evil;S.browser_fallback_url=javascript%3Aalert(1);end",
    "link intent://pay#Intent;scheme=https;SEL;component=com.example.maps/.Secret;package=com.example.maps;end",
    "link intent://x#Intent;launchFlags=zz;end",
    "link intent://x#Intent;scheme=https;package=com.example.maps",
    "link intent://x#Intent;Q.what=1;end",
    // The dev app's client adds its dev server's origin to the app's.
    "widen http://192.168.1.20:5173",
    "link http://192.168.1.20:5173/about",
    "link http://192.168.1.21:5173/about",
    "link https://localhost/cart?again",
    "main http://192.168.1.20:5173/",
  ] as const;
  let answer: (request: (typeof REQUESTS)[number]) => ShellAnswer;

  beforeAll(async () => {
    answer = await run(REQUESTS);
  });

  it("stays in the WebView on the app's origin, in an iframe, and for about:", () => {
    for (const request of [
      "link https://localhost/cart",
      "framelink https://www.youtube.com/embed/xyz",
      "link about:blank",
    ] as const) {
      expect(answer(request), request).toMatchObject({ staysInWebView: true, started: [] });
    }
  });

  it("opens another site, https://localhost:8443 included, in the browser: VIEW, BROWSABLE", () => {
    for (const url of [
      "https://docs.example.com/guide?x=1#part",
      "http://example.org/",
      "https://localhost:8443/admin",
    ]) {
      expect(answer(`link ${url}` as (typeof REQUESTS)[number]), url).toEqual({
        url,
        staysInWebView: false,
        started: [
          {
            action: VIEW,
            data: url,
            categories: [BROWSABLE],
            component: null,
            package: null,
            flags: 0,
            selector: null,
            taken: true,
          },
        ],
        loadedUrl: null,
      });
    }
  });

  it("hands tel: to the dialer, and leaves mailto: without a mail app to nothing, without closing", () => {
    expect(answer("link tel:+33123456789")).toMatchObject({
      staysInWebView: false,
      started: [{ action: VIEW, data: "tel:+33123456789", taken: true }],
    });
    expect(answer("link mailto:someone@example.com")).toMatchObject({
      staysInWebView: false,
      started: [{ data: "mailto:someone@example.com", taken: false }],
    });
  });

  it("starts the app an intent: link names, BROWSABLE, without its component", () => {
    expect(
      answer(
        "link intent://maps.example.com/place?q=Paris#Intent;scheme=https;package=com.example.maps;component=com.example.maps/.Internal;launchFlags=0x10000043;end",
      ),
    ).toMatchObject({
      staysInWebView: false,
      started: [
        {
          action: VIEW,
          data: "https://maps.example.com/place?q=Paris",
          categories: [BROWSABLE],
          component: null,
          package: "com.example.maps",
          // FLAG_ACTIVITY_NEW_TASK stays; parseUri drops the read/write/persistable grants (0x43).
          flags: 0x10000000,
          selector: null,
          taken: true,
        },
      ],
      loadedUrl: null,
    });
    // Through a selector too: its component goes, it gets BROWSABLE.
    expect(
      answer(
        "link intent://pay#Intent;scheme=https;SEL;component=com.example.maps/.Secret;package=com.example.maps;end",
      ),
    ).toMatchObject({
      started: [
        {
          data: "https://pay",
          categories: [BROWSABLE],
          component: null,
          selector: {
            component: null,
            package: "com.example.maps",
            categories: [BROWSABLE],
            data: null,
          },
          taken: true,
        },
      ],
    });
  });

  it("opens browser_fallback_url when no app takes the intent: in the browser, or in the WebView on the app's origin", () => {
    expect(
      answer(
        "link intent://scan/#Intent;scheme=zxing;package=com.example.scanner;S.browser_fallback_url=https%3A%2F%2Fscanner.example.com%2Fget;end",
      ),
    ).toMatchObject({
      staysInWebView: false,
      started: [
        { data: "zxing://scan/", package: "com.example.scanner", taken: false },
        {
          action: VIEW,
          data: "https://scanner.example.com/get",
          categories: [BROWSABLE],
          taken: true,
        },
      ],
      loadedUrl: null,
    });
    expect(
      answer(
        "link intent://open#Intent;scheme=shop;package=com.example.shop;S.browser_fallback_url=https%3A%2F%2Flocalhost%2Finstall;end",
      ),
    ).toMatchObject({
      staysInWebView: false,
      started: [{ data: "shop://open", taken: false }],
      loadedUrl: "https://localhost/install",
    });
    // Only an http(s) fallback: a javascript: one is not run.
    expect(
      answer(
        "link intent://x#Intent;scheme=evil;package=com.example.evil;S.browser_fallback_url=javascript%3Aalert(1);end",
      ),
    ).toMatchObject({ staysInWebView: false, started: [{ taken: false }], loadedUrl: null });
  });

  it("does nothing with a malformed intent: link, and does not close", () => {
    for (const request of [
      "link intent://x#Intent;launchFlags=zz;end",
      "link intent://x#Intent;scheme=https;package=com.example.maps",
      "link intent://x#Intent;Q.what=1;end",
    ] as const) {
      expect(answer(request), request).toMatchObject({
        staysInWebView: false,
        started: [],
        loadedUrl: null,
      });
    }
  });

  it("lets a subclass widen the app's origin through isAppUrl, and only the bundle's is served from the APK", () => {
    expect(answer("link http://192.168.1.20:5173/about")).toMatchObject({
      staysInWebView: true,
      started: [],
    });
    expect(answer("link http://192.168.1.21:5173/about")).toMatchObject({
      staysInWebView: false,
      started: [{ data: "http://192.168.1.21:5173/about", categories: [BROWSABLE] }],
    });
    expect(answer("link https://localhost/cart?again")).toMatchObject({ staysInWebView: true });
    expect(answer("main http://192.168.1.20:5173/")).toEqual({
      url: "http://192.168.1.20:5173/",
      intercepted: false,
    });
  });
});

describe("a download in the built app", () => {
  const REPORT =
    'download https://api.example.com/v1/files/report?id=7 application/pdf attachment; filename="report-7.pdf"';
  const CSV = 'download data:text/csv,a%2Cb%0A1%2C2 text/csv attachment; filename="export.csv"';
  const REQUESTS = [
    "cookie https://api.example.com sid=abc123",
    REPORT,
    "download http://192.168.1.20:5173/export.csv text/csv",
    "download blob:https://localhost/1b2c-3d text/csv",
    "download ftp://files.example.com/a.zip application/zip",
    "download HTTPS://api.example.com/a.pdf application/pdf",
    "download https://localhost/files/menu.pdf application/pdf",
    "download https://localhost/files/missing.pdf application/pdf",
    "download https://localhost/%2E%2E/AndroidManifest.xml -",
    "download data:text/plain;base64,SGk= text/plain",
    CSV,
    "download data:,hello -",
    "download data:text/plain;base64,@@@ text/plain",
  ] as const;
  const MENU = Buffer.from("%PDF-1.4\n").toString("base64");

  it("goes through DownloadManager with the WebView's cookies and user agent, into the public Downloads folder (API 29)", async () => {
    const answer = await run(REQUESTS);
    const report = answer(REPORT);
    expect(report).toMatchObject({
      url: "https://api.example.com/v1/files/report?id=7",
      enqueued: [
        {
          uri: "https://api.example.com/v1/files/report?id=7",
          mimeType: "application/pdf",
          title: "report-7.pdf",
          headers: { Cookie: "sid=abc123", "User-Agent": expect.stringContaining("; wv)") },
          // VISIBILITY_VISIBLE_NOTIFY_COMPLETED: the notification stays to open the file.
          notificationVisibility: 1,
          destination: "public:Download/report-7.pdf",
        },
      ],
      toasts: ["Downloading report-7.pdf…"],
    });
    // A dev server on the Wi-Fi: no cookie of the API's goes there.
    const csv = answer("download http://192.168.1.20:5173/export.csv text/csv");
    expect(csv).toMatchObject({
      enqueued: [{ title: "export.csv", destination: "public:Download/export.csv" }],
    });
    expect(csv).not.toHaveProperty("enqueued.0.headers.Cookie");

    // What no one can fetch says so instead of doing nothing: a blob: URL's bytes live in the
    // page, a file outside the bundle is not served.
    for (const request of [
      "download blob:https://localhost/1b2c-3d text/csv",
      "download ftp://files.example.com/a.zip application/zip",
      "download https://localhost/%2E%2E/AndroidManifest.xml -",
    ] as const) {
      expect(answer(request), request).toEqual({
        url: request.split(" ")[1],
        enqueued: [],
        saved: [],
        toasts: [UNSUPPORTED],
      });
    }
    // DownloadManager refusing it (its Request takes "http"/"https" as written) does not close
    // the app.
    expect(answer("download HTTPS://api.example.com/a.pdf application/pdf")).toMatchObject({
      enqueued: [],
      toasts: ["The download could not start."],
    });
  });

  it("saves a file of the bundle and a data: URL itself, into the public Downloads folder through MediaStore (API 29)", async () => {
    const answer = await run(REQUESTS);
    // A PDF link in the bundle: the WebView cannot show it and hands it over.
    expect(answer("download https://localhost/files/menu.pdf application/pdf")).toEqual({
      url: "https://localhost/files/menu.pdf",
      enqueued: [],
      saved: [
        {
          where: "Downloads",
          uri: expect.stringMatching(/^content:\/\/media\/external\/downloads\/\d+$/),
          name: "menu.pdf",
          mimeType: "application/pdf",
          body: MENU,
        },
      ],
      toasts: ["Saved menu.pdf in Downloads."],
    });
    expect(answer("download data:text/plain;base64,SGk= text/plain")).toMatchObject({
      saved: [{ name: "downloadfile.txt", body: Buffer.from("Hi").toString("base64") }],
      toasts: ["Saved downloadfile.txt in Downloads."],
    });
    // Not base64: %-encoded text, saved as UTF-8; the name from Content-Disposition.
    expect(answer(CSV)).toMatchObject({
      saved: [
        {
          name: "export.csv",
          mimeType: "text/csv",
          body: Buffer.from("a,b\n1,2").toString("base64"),
        },
      ],
    });
    expect(answer("download data:,hello -")).toMatchObject({
      saved: [{ name: "downloadfile.bin", mimeType: null }],
    });
    for (const request of [
      "download https://localhost/files/missing.pdf application/pdf",
      "download data:text/plain;base64,@@@ text/plain",
    ] as const) {
      expect(answer(request), request).toMatchObject({
        enqueued: [],
        saved: [],
        toasts: ["The download could not start."],
      });
    }
  });

  it("saves into the app's own Download folder on API 24–28, where the public one needs a permission", async () => {
    // MediaStore.Downloads fails to load below API 29 on this "phone": the shell must not touch it.
    const answer = await run(REQUESTS, 24);
    expect(answer(REPORT)).toMatchObject({
      enqueued: [
        {
          title: "report-7.pdf",
          headers: { Cookie: "sid=abc123" },
          destination: "app:Download/report-7.pdf",
        },
      ],
      toasts: ["Downloading report-7.pdf…"],
    });
    // Saved by the shell, then listed by DownloadManager with a notification that opens it.
    expect(answer("download https://localhost/files/menu.pdf application/pdf")).toEqual({
      url: "https://localhost/files/menu.pdf",
      enqueued: [],
      saved: [
        {
          where: "app",
          path: "Download/menu.pdf",
          title: "menu.pdf",
          mimeType: "application/pdf",
          length: 9,
          scannable: false,
          notification: true,
          body: MENU,
        },
      ],
      toasts: ["Saved menu.pdf."],
    });
    // DownloadManager wants a type: an unknown one is application/octet-stream.
    expect(answer("download data:,hello -")).toMatchObject({
      saved: [{ path: "Download/downloadfile.bin", mimeType: "application/octet-stream" }],
      toasts: ["Saved downloadfile.bin."],
    });
  });
});

describe("a WebView renderer that dies in the built app", () => {
  it("is replaced by a new WebView on the start page, and the app stays (onRenderProcessGone: true)", async () => {
    const REQUESTS = [
      "link https://localhost/cart",
      "gone",
      "link https://docs.example.com/",
      "app https",
      "gone-elsewhere",
    ] as const;
    const shell = await jvm.run([...REQUESTS]);
    const answer = (request: (typeof REQUESTS)[number]) => shell.answers[REQUESTS.indexOf(request)];
    expect(answer("gone")).toEqual({
      rendererGone: true,
      replaced: true,
      client: "dev.hybridge.shell.ShellWebViewClient",
      loadedUrl: "https://localhost/",
    });
    // The new WebView's client decides its links as the first did.
    expect(answer("link https://docs.example.com/")).toMatchObject({ staysInWebView: false });
    // A WebView of another activity: the shell does not know how to replace it.
    expect(answer("gone-elsewhere")).toEqual({ rendererGone: false });
  });
});

describe("the shell's contract with MainActivity and the dev app", () => {
  it("has a protected isAppUrl(Uri), onRenderProcessGone, and a ShellDownloadListener(Activity)", async () => {
    const out = join(scratch, "smali");
    await referenceTool("baksmali", ["disassemble", "-o", out, apkPath]);
    const client = await readFile(join(out, "dev/hybridge/shell/ShellWebViewClient.smali"), "utf8");
    expect(client).toContain(
      ".method public constructor <init>(Landroid/content/res/AssetManager;)V",
    );
    expect(client).toContain(".method protected isAppUrl(Landroid/net/Uri;)Z");
    expect(client).toContain(
      ".method public onRenderProcessGone(Landroid/webkit/WebView;Landroid/webkit/RenderProcessGoneDetail;)Z",
    );
    // Called virtually, so that the dev app's override is the one asked.
    expect(client).toContain(
      "invoke-virtual {p0, v0}, Ldev/hybridge/shell/ShellWebViewClient;->isAppUrl(Landroid/net/Uri;)Z",
    );
    const listener = await readFile(
      join(out, "dev/hybridge/shell/ShellDownloadListener.smali"),
      "utf8",
    );
    expect(listener).toContain(".implements Landroid/webkit/DownloadListener;");
    expect(listener).toContain(".method public constructor <init>(Landroid/app/Activity;)V");
  });
});
