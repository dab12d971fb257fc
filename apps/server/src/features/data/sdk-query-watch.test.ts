import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { configure, db } from "@hybridge/app/db";
import { DataStreamTexts } from "@hybridge/shared/data/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { authed, createTestProject } from "../projects/test-support";

// db.query(…).watch of the SDK (@hybridge/app) against a real server: the apps run in a process
// of their own with Node's EventSource (test/watch-query-client.ts), the writes are made here.
const serverRoot = fileURLToPath(new URL("../../../", import.meta.url));
let app: TestApp;
let base: string;
let key: string;
let child: ChildProcess | undefined;
beforeAll(async () => {
  app = await createTestApp();
  base = await app.listen({ port: 0, host: "127.0.0.1" });
  const owner = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie);
  const settings = await app.inject({
    url: `/api/projects/${project.id}/settings`,
    headers: authed(owner.cookie),
  });
  key = settings.json().settings.databaseKey;
});
afterAll(async () => {
  child?.kill("SIGKILL");
  await app?.cleanup();
});

/** Starts the watching apps; `until(name, n)` waits for that watch's first n callbacks. */
function startWatches(watches: Array<{ name: string; where: Array<[string, string, unknown]> }>) {
  const seen = new Map<string, string[]>(watches.map((w) => [w.name, []]));
  let output = "";
  child = spawn(
    process.execPath,
    [
      "--experimental-eventsource",
      "--no-warnings",
      "--import",
      "tsx",
      "test/watch-query-client.ts",
    ],
    {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? "",
        SERVER: base,
        KEY: key,
        COLLECTION: "tasks",
        WATCHES: JSON.stringify(watches),
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  child.on("message", (message: { name: string; change?: string; error?: string }) => {
    seen.get(message.name)?.push(message.change ?? `error:${message.error}`);
  });
  return {
    async until(name: string, count: number): Promise<string[]> {
      const deadline = Date.now() + 20_000;
      while ((seen.get(name)?.length ?? 0) < count) {
        if (Date.now() > deadline) {
          throw new Error(`${name}: ${JSON.stringify(seen.get(name))}\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return seen.get(name) ?? [];
    },
  };
}

describe("@hybridge/app's db.query(…).watch", () => {
  it("sends the results, then only the query's changes; written out of it is removed", async () => {
    configure({ server: base, key });
    const add = (title: string, status: string) => db.add("tasks", { title, status });
    const a = await add("A", "open");
    const b = await add("B", "done");

    const watches = startWatches([
      { name: "open", where: [["status", "==", "open"]] },
      { name: "done", where: [["status", "==", "done"]] },
      { name: "refused", where: [["status", "<", null]] },
    ]);
    expect(await watches.until("open", 1)).toEqual(["results:A"]);
    expect(await watches.until("done", 1)).toEqual(["results:B"]);
    expect(await watches.until("refused", 1)).toEqual(["error:VALIDATION"]);

    const c = await add("C", "open");
    const d = await add("D", "done");
    await db.update("tasks", a, { title: "A2" });
    // Each document is sent as it is when its change is sent: A's next write waits for this one.
    expect(await watches.until("open", 3)).toEqual(["results:A", "added:C", "modified:A2"]);
    await db.update("tasks", a, { status: "done" });
    await db.update("tasks", d, { status: "open" });
    await db.delete("tasks", c);
    await db.delete("tasks", b);
    await add("E", "open");

    expect(await watches.until("open", 7)).toEqual([
      "results:A",
      "added:C",
      "modified:A2",
      `removed:${a}`,
      "added:D",
      `removed:${c}`,
      "added:E",
    ]);
    expect(await watches.until("done", 5)).toEqual([
      "results:B",
      "added:D",
      "added:A2",
      `removed:${d}`,
      `removed:${b}`,
    ]);
    // Nothing more came than those (E is not done; C never was).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await watches.until("open", 7)).toHaveLength(7);
    expect(await watches.until("done", 5)).toHaveLength(5);
  });

  it("replays what a resuming stream missed through its query, each change with its id", async () => {
    configure({ server: base, key });
    const query = JSON.stringify({ where: [{ field: "status", op: "==", value: "open" }] });
    /** The stream's events until `count` of them came (ready first), then it is closed. */
    const read = async (after: string | undefined, count: number) => {
      const abort = new AbortController();
      const resume = after === undefined ? "" : `&lastEventId=${after}`;
      const response = await fetch(
        `${base}/api/v1/db/collections/replayed/events?key=${encodeURIComponent(key)}&query=${encodeURIComponent(query)}${resume}`,
        { signal: abort.signal },
      );
      expect(response.status).toBe(200);
      const events: Array<{ type: string; id: string; docId: string }> = [];
      const decoder = new TextDecoder();
      let buffer = "";
      const timeout = setTimeout(() => abort.abort(), 10_000);
      try {
        for await (const chunk of response.body as ReadableStream<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const type = /^event: (.*)$/m.exec(block)?.[1];
            if (!type) continue;
            const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null") as {
              id?: string;
            } | null;
            events.push({ type, id: /^id: (.*)$/m.exec(block)?.[1] ?? "", docId: data?.id ?? "" });
          }
          if (events.length >= count) break;
        }
      } finally {
        clearTimeout(timeout);
        abort.abort();
      }
      return events;
    };
    const [ready] = await read(undefined, 1);
    expect(ready?.type).toBe("ready");

    const x = await db.add("replayed", { title: "X", status: "open" });
    const y = await db.add("replayed", { title: "Y", status: "done" });
    await db.update("replayed", x, { status: "done" });
    await db.update("replayed", y, { status: "open" });

    // X was added and written out (as it is now, it does not match: its addition is skipped);
    // Y was added, then written in: sent as it is now.
    const resumed = await read(ready?.id, 4);
    expect(resumed.map((e) => [e.type, e.docId])).toEqual([
      ["ready", ""],
      ["document-added", y],
      ["document-left", x],
      ["document-modified", y],
    ]);
    const ids = resumed.slice(1).map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(ready?.id));
  });

  it("refuses a stream query that is not a query, with its message", async () => {
    const stream = (query: string) =>
      app.inject({
        url: `/api/v1/db/collections/tasks/events?key=${encodeURIComponent(key)}&query=${encodeURIComponent(query)}`,
      });
    const notJson = await stream("{where");
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toContain(DataStreamTexts.invalidQuery);
    const badOp = await stream(JSON.stringify({ where: [{ field: "a", op: "~", value: 1 }] }));
    expect(badOp.statusCode).toBe(400);
    expect(badOp.json().message).toMatch(/^query: /);
  });
});
