import { DOCS_IMPORT_SNIPPET, docsGroups } from "@hybridge/shared/marketing/docs-guide";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser";
import { baseUrl } from "./support/env";
import { openSdkPage } from "./support/sdk-page";
import { createConsoleProject, revealDatabaseKey } from "./support/test-console";
import { createSignedInUser } from "./support/users";

const browser = useBrowser();

/** A 1×1 PNG: what the gallery hands over in these runs. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * How each JavaScript snippet of /docs runs here: what the page of an app would have done before
 * (hidden set-up), and what must hold after. A snippet runs as written, inside an async function
 * that has the SDK's groups in scope, as an app's module has them from its import line.
 * `files`: the photos the user picks when the snippet opens the gallery; `error`: the code of the
 * HybridgeError the snippet must throw in a browser.
 */
const RUNS: Record<
  string,
  { before?: string; after?: string; files?: number; error?: string; bridge?: true }[]
> = {
  "nav-back": [
    {
      before: 'history.pushState(null, "", "/first"); history.pushState(null, "", "/second");',
      after:
        'await new Promise((r) => setTimeout(r, 300)); if (location.pathname !== "/first") throw new Error(location.pathname);',
    },
  ],
  "nav-open-page": [
    { after: 'if (location.pathname !== "/cart") throw new Error(location.pathname);' },
  ],
  "nav-open-page-param": [
    {
      before: 'const product = { id: "p42" };',
      after:
        'if (id !== "p42" || location.pathname !== "/product") throw new Error(id + " " + location.href);',
    },
  ],
  "db-add": [
    {
      after:
        'const stored = await db.getDoc("orders", id); if (stored?.item !== "Espresso" || stored.quantity !== 2) throw new Error(JSON.stringify(stored));',
    },
  ],
  "db-add-file": [
    {
      files: 1,
      after:
        'const stored = await db.getDoc("receipts", id); if (stored?.total !== 42.5 || !/^https?:/.test(stored.fileUrl)) throw new Error(JSON.stringify(stored)); const file = await fetch(stored.fileUrl); if (!file.ok || !(file.headers.get("content-type") ?? "").startsWith("image/")) throw new Error("file " + file.status);',
    },
  ],
  "db-get-docs": [
    {
      before: 'for (const item of ["A", "B"]) await db.add("orders", { item, quantity: 1 });',
      after:
        'if (orders.length < 2 || orders.length > 20 || orders[0].item !== "B" || !orders[0].id || !orders[0].createdAt) throw new Error(JSON.stringify(orders));',
    },
  ],
  "db-get-doc": [
    {
      before:
        'const id = await db.add("orders", { item: "Mocha" }); const said = []; const console = { log: (value) => said.push(value) };',
      after:
        'if (order?.item !== "Mocha" || said.join() !== "Mocha") throw new Error(JSON.stringify(order)); if ((await db.getDoc("orders", "no-such-id")) !== null) throw new Error("not null");',
    },
  ],
  "db-delete": [
    {
      before: 'const id = await db.add("orders", { item: "Gone" });',
      after: 'if ((await db.getDoc("orders", id)) !== null) throw new Error("still there");',
    },
  ],
  "device-gallery": [
    { files: 2, after: "if (photos.length !== 2) throw new Error(String(photos.length));" },
  ],
  "auth-logout": [
    {
      before: 'localStorage.setItem("hybridge.session", "s1");',
      after:
        'if (localStorage.getItem("hybridge.session") !== null || location.pathname !== "/login") throw new Error(location.pathname);',
    },
  ],
};

describe("every snippet of /docs", () => {
  it("runs in a browser against this server, as the page shows it", async () => {
    const { context, page, allowErrors } = await browser.newPage();
    // db.getDoc of a missing document: the browser logs the 404 the SDK turns into null.
    allowErrors(/status of 404 .*\/api\/v1\/db\/collections\/orders\/documents\//);
    await createSignedInUser(context);
    const project = await createConsoleProject(context);
    const key = await revealDatabaseKey(context, project.id);
    await openSdkPage(page, key);

    // The import line names what the SDK exports.
    const imported = /import \{ ([^}]+) \} from "@hybridge\/app";/
      .exec(DOCS_IMPORT_SNIPPET)?.[1]
      ?.split(",")
      .map((name) => name.trim());
    const exported = await page.evaluate(() =>
      Object.keys((window as { Hybridge?: object }).Hybridge ?? {}),
    );
    expect(imported?.length).toBe(4);
    expect(exported).toEqual(expect.arrayContaining(imported ?? []));

    // Every JavaScript snippet that is not "coming soon" has its run, and nothing else does: a new
    // snippet on /docs fails here until it is run.
    const snippets = docsGroups(baseUrl())
      .flatMap((group) => group.functions)
      .filter((fn) => fn.language === "js" && !fn.comingSoon);
    expect(snippets.map((fn) => fn.id).sort()).toEqual(Object.keys(RUNS).sort());

    for (const fn of snippets) {
      for (const run of RUNS[fn.id] ?? []) {
        const chooser = run.files
          ? page.waitForEvent("filechooser").then((event) =>
              event.setFiles(
                Array.from({ length: run.files ?? 0 }, (_, i) => ({
                  name: `photo-${i}.png`,
                  mimeType: "image/png",
                  buffer: PNG,
                })),
              ),
            )
          : null;
        const outcome = await page.evaluate(
          async ({ body, bridge }) => {
            const w = window as unknown as {
              Hybridge: object;
              HybridgeNative?: unknown;
              opened: string[];
            };
            w.opened = [];
            if (bridge) w.HybridgeNative = { openView: (name: string) => w.opened.push(name) };
            else delete w.HybridgeNative;
            const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
            try {
              await new AsyncFunction(
                "Hybridge",
                `const { nav, db, device, auth } = Hybridge;\n${body}`,
              )(w.Hybridge);
              return { ok: true as const };
            } catch (error) {
              const { code, message } = error as { code?: string; message?: string };
              return { ok: false as const, code, message };
            }
          },
          {
            body: `${run.before ?? ""}\n${fn.code}\n${run.after ?? ""}`,
            bridge: run.bridge ?? false,
          },
        );
        await chooser;
        if (run.error) {
          expect(outcome, fn.id).toMatchObject({ ok: false, code: run.error });
        } else {
          expect(outcome, fn.id).toEqual({ ok: true });
        }
      }
    }
  });
});
