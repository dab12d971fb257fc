import { paths } from "@hybridge/shared/common/paths";
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
type SnippetRun = { before?: string; after?: string; files?: number; error?: string };

const RUNS: Record<string, SnippetRun[]> = {
  // In a browser nothing is pending: the snippet reads the info and does not reload.
  "updates-current": [
    { after: "if (id !== null || pending !== null) throw new Error(String(id));" },
  ],
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
  "db-watch": [
    {
      // The server sends "ready" once every later change reaches the stream (platform/live.ts):
      // the changes below are made after it, as a user's would be, long after the screen opened.
      before:
        'const Native = window.EventSource; const opened = new Promise((resolve) => { window.EventSource = class extends Native { constructor(url, init) { super(url, init); this.addEventListener("ready", () => resolve()); } }; });',
      after:
        'await opened; window.EventSource = Native; const until = async (what, holds) => { for (let i = 0; i < 200 && !holds(); i++) await new Promise((r) => setTimeout(r, 50)); if (!holds()) throw new Error(what + ": " + JSON.stringify([...orders.values()])); }; const id = await db.add("orders", { item: "Watched" }); await until("added", () => orders.get(id)?.item === "Watched"); await db.update("orders", id, { item: "Watched twice" }); await until("modified", () => orders.get(id)?.item === "Watched twice"); await db.delete("orders", id); await until("deleted", () => !orders.has(id)); stop(); const later = await db.add("orders", { item: "After stop" }); await new Promise((r) => setTimeout(r, 300)); if (orders.has(later)) throw new Error("still watching");',
    },
  ],
  "db-update": [
    {
      before: 'const id = await db.add("orders", { item: "Espresso", status: "open" });',
      after:
        'const stored = await db.getDoc("orders", id); if (order.status !== "paid" || order.version !== 2 || stored?.status !== "paid" || stored.item !== "Espresso") throw new Error(JSON.stringify([order, stored]));',
    },
    {
      before: 'const id = "00000000-0000-4000-8000-000000000000";',
      error: "NOT_FOUND",
    },
  ],
  "db-set": [
    {
      before: 'const id = await db.add("orders", { item: "Mocha", note: "no sugar" });',
      after:
        'const stored = await db.getDoc("orders", id); if (stored?.item !== "Latte" || stored.quantity !== 1 || "note" in stored || stored.version !== 2) throw new Error(JSON.stringify(stored));',
    },
  ],
  "db-increment": [
    {
      before: 'const id = await db.add("orders", { item: "Tea", quantity: 2 });',
      after:
        'const stored = await db.getDoc("orders", id); if (stored?.quantity !== 3) throw new Error(JSON.stringify(stored));',
    },
  ],
  "db-array-union-remove": [
    {
      before:
        'const id = await db.add("orders", { item: "Latte", extras: ["sugar", "oat milk"] });',
      after:
        'const stored = await db.getDoc("orders", id); if (JSON.stringify(stored?.extras) !== JSON.stringify(["sugar", "oat milk"])) throw new Error(JSON.stringify(stored));',
    },
  ],
  "db-delete-field": [
    {
      before: 'const id = await db.add("orders", { item: "Latte", note: "to go" });',
      after:
        'const stored = await db.getDoc("orders", id); if (!stored || "note" in stored || stored.item !== "Latte") throw new Error(JSON.stringify(stored));',
    },
  ],
  "db-if-version": [
    // Nobody wrote it meanwhile: the write goes through, and nothing is said.
    {
      before:
        'const id = await db.add("orders", { item: "Mocha", status: "open" }); const said = []; const alert = (text) => said.push(text);',
      after:
        'const stored = await db.getDoc("orders", id); if (stored?.status !== "paid" || said.length !== 0) throw new Error(JSON.stringify([stored, said]));',
    },
    // Another phone writes it between the read and the write: CONFLICT, said, nothing changed.
    {
      before:
        'const id = await db.add("orders", { item: "Mocha", status: "open" }); const said = []; const alert = (text) => said.push(text); const read = db.getDoc; db.getDoc = async (...args) => { db.getDoc = read; const found = await read(...args); await db.update("orders", id, { status: "cancelled" }); return found; };',
      after:
        'const stored = await db.getDoc("orders", id); if (stored?.status !== "cancelled" || stored.version !== 2 || said.length !== 1) throw new Error(JSON.stringify([stored, said]));',
    },
  ],
  "db-query": [
    {
      before:
        'const ids = {}; for (const [name, total, status] of [["a", 12, "open"], ["b", 30, "open"], ["c", 50, "paid"], ["d", 5, "open"]]) ids[name] = await db.add("orders", { item: "Query " + name, total, status });',
      after:
        'const got = open.map((o) => o.id); if (open.some((o) => o.status !== "open" || !(o.total >= 10)) || open.some((o, i) => i > 0 && open[i - 1].total < o.total) || got.indexOf(ids.b) < 0 || got.indexOf(ids.b) > got.indexOf(ids.a) || got.includes(ids.c) || got.includes(ids.d) || open.length > 20) throw new Error(JSON.stringify(open));',
    },
  ],
  "db-query-page": [
    {
      before:
        'for (let i = 1; i <= 21; i++) await db.add("orders", { item: "Page " + String(i).padStart(2, "0") });',
      after:
        'const seen = new Set(first.docs.map((o) => o.id)); if (first.docs.length !== 20 || !first.next || !second || second.docs.length === 0 || second.docs.some((o) => seen.has(o.id))) throw new Error(JSON.stringify([first, second])); const last = await db.query("orders").orderBy("item").limit(500).get(); const together = [...first.docs, ...second.docs].map((o) => o.id); if (JSON.stringify(together) !== JSON.stringify(last.slice(0, together.length).map((o) => o.id))) throw new Error("pages do not follow the order");',
    },
  ],
  "db-count": [
    {
      before: 'await db.add("orders", { item: "Counted", status: "open" });',
      after:
        'const listed = await db.query("orders").where("status", "==", "open").limit(500).get(); if (openOrders < 1 || openOrders !== listed.length) throw new Error(openOrders + " " + listed.length);',
    },
  ],
  "db-query-watch": [
    {
      before: 'const waiting = await db.add("orders", { item: "Waiting", status: "open" });',
      after:
        'const until = async (what, holds) => { for (let i = 0; i < 200 && !holds(); i++) await new Promise((r) => setTimeout(r, 50)); if (!holds()) throw new Error(what + ": " + JSON.stringify([...open.keys()])); }; await until("results", () => open.has(waiting)); const placed = await db.add("orders", { item: "Placed", status: "open" }); await until("added", () => open.has(placed)); await db.update("orders", placed, { item: "Placed twice" }); await until("modified", () => open.get(placed)?.item === "Placed twice"); await db.update("orders", waiting, { status: "paid" }); await until("removed", () => !open.has(waiting)); stop(); if ([...open.values()].some((o) => o.status !== "open")) throw new Error("not open");',
    },
  ],
  "device-gallery": [
    { files: 2, after: "if (photos.length !== 2) throw new Error(String(photos.length));" },
  ],
  "device-info": [
    {
      after:
        'if (info.platform !== "web" || info.appVersion !== null || info.androidSdk !== null) throw new Error(JSON.stringify(info));',
    },
  ],
  // Users and sign-in: the page speaks as a live app (its app key), as an app's would.
  "auth-sign-up": [
    {
      before: "Hybridge.configure({ appKey: window.appKey });",
      after:
        'if (user.email !== "ana@example.com" || auth.currentUser()?.id !== user.id) throw new Error(JSON.stringify(user));',
    },
  ],
  "auth-current-user": [
    {
      after:
        'await new Promise((r) => setTimeout(r, 0)); stop(); if (user?.email !== "ana@example.com" || !document.title.includes("ana@example.com")) throw new Error(document.title);',
    },
  ],
  "auth-sign-out": [
    {
      after:
        'if (auth.currentUser() !== null || location.pathname !== "/login") throw new Error(location.pathname);',
    },
  ],
  "auth-sign-in": [
    {
      after:
        'if (auth.currentUser()?.id !== user.id || user.email !== "ana@example.com") throw new Error(JSON.stringify(user));',
    },
  ],
  "auth-password-reset": [{}],
  "auth-delete-account": [
    {
      after:
        'if (auth.currentUser() !== null) throw new Error("still signed in"); let code; try { await auth.signIn({ email: "ana@example.com", password: "correct horse battery" }); } catch (error) { code = error.code; } if (code !== "UNAUTHENTICATED") throw new Error(String(code));',
    },
  ],
};

describe("every snippet of /docs", () => {
  it("runs in a browser against this server, as the page shows it", async () => {
    const { context, page, allowErrors } = await browser.newPage();
    // db.getDoc of a missing document: the browser logs the 404 the SDK turns into null.
    allowErrors(/status of 404 .*\/api\/v1\/db\/collections\/orders\/documents\//);
    // db-if-version's conflict, as the browser logs it before the SDK throws CONFLICT.
    allowErrors(/status of 409 .*\/api\/v1\/db\/collections\/orders\/documents\//);
    await createSignedInUser(context);
    const project = await createConsoleProject(context);
    const key = await revealDatabaseKey(context, project.id);
    await openSdkPage(page, key);
    await page.evaluate((appKey) => {
      (window as unknown as { appKey: string }).appKey = appKey;
    }, project.keyApp);
    // The deleted account's sign-in, refused as the snippet expects.
    allowErrors(/status of 401 .*\/api\/v1\/auth\/sign-in/);

    // The import line names what the SDK exports.
    const imported = /import \{ ([^}]+) \} from "@hybridge\/app";/
      .exec(DOCS_IMPORT_SNIPPET)?.[1]
      ?.split(",")
      .map((name) => name.trim());
    const exported = await page.evaluate(() =>
      Object.keys((window as { Hybridge?: object }).Hybridge ?? {}),
    );
    expect(imported?.length).toBe(5);
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
          async ({ body }) => {
            const w = window as unknown as { Hybridge: object };
            const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
            try {
              await new AsyncFunction(
                "Hybridge",
                `const { nav, db, device, auth, updates } = Hybridge;\n${body}`,
              )(w.Hybridge);
              return { ok: true as const };
            } catch (error) {
              const { code, message } = error as { code?: string; message?: string };
              return { ok: false as const, code, message };
            }
          },
          { body: `${run.before ?? ""}\n${fn.code}\n${run.after ?? ""}` },
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

describe("/docs' query semantics", () => {
  it("are shown after the query functions, with the database API's OpenAPI document", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.docs);
    const queries = page.getByRole("region", { name: "Queries", exact: true });
    const notes = queries.getByRole("article", { name: "Query semantics", exact: true });
    await notes.getByText(/!= and not-in exclude documents that lack the field/).waitFor();
    const link = notes.getByRole("link", { name: "The database API as OpenAPI", exact: true });
    const href = await link.getAttribute("href");
    expect(href).toBe(`${baseUrl()}/api/openapi.json`);
    const document = (await (await fetch(href ?? "")).json()) as {
      openapi?: string;
      paths?: Record<string, unknown>;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths ?? {})).toContain(
      "/api/v1/db/collections/{collection}/query",
    );
  });
});

describe("/docs' install steps", () => {
  it("ask for no Test Mode key, and say what the key is still for", async () => {
    const { page } = await browser.newPage();
    await page.goto(paths.docs);
    const install = page.getByRole("region", { name: "Install and start", exact: true });
    await install.getByRole("heading", { name: "Start the project", exact: true }).waitFor();
    await install.getByText(/There is no key to set first/).waitFor();
    expect(await install.getByText(/\.env\.development/).count()).toBe(0);
    const notes = install.getByRole("article", { name: "The Test Mode key", exact: true });
    await notes.getByText(/Your app never needs it, in the dev app or live/).waitFor();
    await notes.getByText(/never in an app's code: npm run deploy refuses a build/).waitFor();
  });
});
