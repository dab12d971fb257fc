import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiLevelProblems,
  invokeProblems,
  type MemberLevel,
  parseMembersTable,
} from "../../test/framework-api/smali-rules";
import { frameworkReferences, readSmali } from "../../test/framework-api/smali-source";
import { SHELL_DIR } from "./shell";

// Every smali file under android-shell/ (whoever adds it: the built apps' shell, the dev app's)
// checked against the rules of the phones it runs on, which the JVM harness cannot see.

/** Our minSdkVersion: every member the shell calls unguarded must exist there. */
const MIN_SDK = 24;

/**
 * Members newer than MIN_SDK that the shell may reference, each only behind a
 * `Build.VERSION.SDK_INT` check (or in a method only a newer Android calls): where, and why.
 */
const NEWER_ALLOWED: Record<string, string> = {
  "Landroid/provider/MediaStore$Downloads;->EXTERNAL_CONTENT_URI:Landroid/net/Uri;":
    "API 29. ShellDownloadListener.save reaches it only when Build.VERSION.SDK_INT >= 29; " +
    "24–28 save to the app's own Download folder and DownloadManager.addCompletedDownload.",
};

const FRAMEWORK_API = join(import.meta.dirname, "..", "..", "test", "framework-api");

let table: Map<string, MemberLevel>;
/** Members other branches' smali references (expected.txt), not yet in this one. */
let expected: Set<string>;

beforeAll(async () => {
  table = parseMembersTable(await readFile(join(FRAMEWORK_API, "members.tsv"), "utf8"));
  expected = new Set(
    (await readFile(join(FRAMEWORK_API, "expected.txt"), "utf8"))
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
});

describe("the shell's smali", () => {
  let shell: Awaited<ReturnType<typeof readSmali>>;

  beforeAll(async () => {
    shell = await readSmali(SHELL_DIR);
  });

  it("is read whole: every class, with its calls", () => {
    expect(shell.classes.has("Ldev/hybridge/shell/MainActivity;")).toBe(true);
    expect(shell.classes.has("Ldev/hybridge/shell/ShellWebViewClient;")).toBe(true);
    expect(shell.references.some((r) => r.member === "loadUrl(Ljava/lang/String;)V")).toBe(true);
  });

  it(`calls only framework members that exist at API ${MIN_SDK}, or newer ones behind an SDK_INT check`, () => {
    expect(apiLevelProblems({ ...shell, table, minSdk: MIN_SDK, allowed: NEWER_ALLOWED })).toEqual(
      [],
    );
  });

  it("allows a newer member only while the shell (or a branch in expected.txt) references it", () => {
    const used = new Set(frameworkReferences(shell.classes, shell.references).keys());
    expect(
      Object.keys(NEWER_ALLOWED).filter((member) => !used.has(member) && !expected.has(member)),
    ).toEqual([]);
  });

  it("uses invoke-direct only for constructors and its own private methods, and the right invoke for the rest", () => {
    expect(invokeProblems(shell)).toEqual([]);
  });
});

describe("the checks themselves, on smali that breaks each rule", () => {
  let dir: string;
  let bad: Awaited<ReturnType<typeof readSmali>>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "hybridge-smali-check-"));
    await mkdir(join(dir, "a"), { recursive: true });
    await writeFile(
      join(dir, "a", "Bad.smali"),
      `.class public Ldev/hybridge/shell/Bad;
.super Landroid/app/Activity;

.field protected webView:Landroid/webkit/WebView;

.method public constructor <init>()V
    .registers 1
    invoke-direct {p0}, Landroid/app/Activity;-><init>()V
    return-void
.end method

.method protected helper()V
    .registers 1
    return-void
.end method

.method private static util()V
    .registers 0
    return-void
.end method

.method protected onCreate(Landroid/os/Bundle;)V
    .registers 3
    invoke-super {p0, p1}, Landroid/app/Activity;->onCreate(Landroid/os/Bundle;)V
    invoke-direct {p0}, Ldev/hybridge/shell/Bad;->helper()V
    invoke-direct {p0}, Landroid/app/Activity;->onBackPressed()V
    invoke-virtual {p0}, Ldev/hybridge/shell/Bad;->util()V
    invoke-virtual {p0}, Ldev/hybridge/shell/Bad;->getAssets()Landroid/content/res/AssetManager;
    invoke-virtual {p0}, Ldev/hybridge/shell/Bad;->noSuchFrameworkMethod()V
    iget-object v0, p0, Ldev/hybridge/shell/Bad;->webView:Landroid/webkit/WebView;
    sget v1, Landroid/os/Build$VERSION;->SDK_INT:I
    return-void
.end method
`,
    );
    bad = await readSmali(dir);
    return () => rm(dir, { recursive: true, force: true });
  });

  it("finds a non-private invoke-direct, one on a framework method, and a wrong invoke kind", () => {
    const problems = invokeProblems(bad).join("\n");
    expect(problems).toContain(
      "a/Bad.smali:25: invoke-direct Ldev/hybridge/shell/Bad;->helper()V, which is not private",
    );
    expect(problems).toContain(
      "a/Bad.smali:26: invoke-direct Landroid/app/Activity;->onBackPressed()V: not a private method of a class of ours",
    );
    expect(problems).toContain(
      "a/Bad.smali:27: invoke-virtual of the static method Ldev/hybridge/shell/Bad;->util()V",
    );
    expect(problems.split("\n")).toHaveLength(3);
  });

  it("finds a member Android lacks and one newer than minSdk, through our class to the framework's", () => {
    const newer = new Map(table);
    newer.set("Landroid/app/Activity;->getAssets()Landroid/content/res/AssetManager;", {
      level: 26,
      declaredIn: "Landroid/content/ContextWrapper;",
    });
    const problems = apiLevelProblems({ ...bad, table: newer, minSdk: MIN_SDK, allowed: {} });
    expect(problems).toEqual([
      expect.stringMatching(
        /^Landroid\/app\/Activity;->getAssets\(\)Landroid\/content\/res\/AssetManager;: since API 26, newer than minSdk 24/,
      ),
      expect.stringMatching(
        /^Landroid\/app\/Activity;->noSuchFrameworkMethod\(\)V: not in members.tsv/,
      ),
      // Our own field and the framework's constant: SDK_INT is in the table.
    ]);
    const allowed = apiLevelProblems({
      ...bad,
      table: newer,
      minSdk: MIN_SDK,
      allowed: {
        "Landroid/app/Activity;->getAssets()Landroid/content/res/AssetManager;": "guarded",
      },
    });
    expect(allowed).toHaveLength(1);
  });
});
