import { OutgoingMessage } from "node:http";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLiveHub, streamLiveEvents } from "./live";

const hub = createLiveHub();
const app = Fastify();
app.get("/events/:channel", (request, reply) => {
  streamLiveEvents(request, reply, hub, [(request.params as { channel: string }).channel]);
});
app.addHook("preClose", async () => hub.closeAll());
let base: string;
beforeAll(async () => {
  base = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app.close();
});

/** Reads server-sent events from a real HTTP connection until `count` have arrived. */
async function readEvents(url: string, count: number, whenReady: () => void) {
  const response = await fetch(url);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: Array<{ type: string; data: unknown }> = [];
  let buffer = "";
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (type) {
        events.push({ type, data: JSON.parse(data ?? "null") });
        if (type === "ready") whenReady();
      }
      end = buffer.indexOf("\n\n");
    }
  }
  await reader.cancel();
  return events;
}

describe("live events", () => {
  it("forwards what is published on a channel, and only that channel", async () => {
    const events = await readEvents(`${base}/events/a`, 3, () => {
      hub.publish("b", { type: "other", data: 0 });
      hub.publish("a", { type: "changed", data: { id: 1 } });
      hub.publish("a", { type: "changed", data: { id: 2 } });
    });
    expect(events).toEqual([
      { type: "ready", data: null },
      { type: "changed", data: { id: 1 } },
      { type: "changed", data: { id: 2 } },
    ]);
  });
});

describe("an event sent to many streams", () => {
  it("is serialised once, and every stream writes the same bytes", async () => {
    const SUBSCRIBERS = 200;
    /** Reads a stream until `marker` has arrived; the reader stays open. */
    const readUntil = async (reader: ReadableStreamDefaultReader<Uint8Array>, marker: string) => {
      const decoder = new TextDecoder();
      let text = "";
      while (!text.includes(marker)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      return text;
    };
    const readers = await Promise.all(
      Array.from({ length: SUBSCRIBERS }, async () => {
        const response = await fetch(`${base}/events/crowd`);
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        await readUntil(reader, "event: ready");
        return reader;
      }),
    );
    const stringify = vi.spyOn(JSON, "stringify");
    const write = vi.spyOn(OutgoingMessage.prototype, "write");
    try {
      hub.publish("crowd", { type: "changed", id: "7", data: { id: "d1", text: "ü".repeat(100) } });
      // Publishing reaches every stream synchronously: whatever it serialised is counted here.
      expect(stringify).toHaveBeenCalledTimes(1);
      const chunks = write.mock.calls.map(([chunk]) => chunk);
      expect(chunks).toHaveLength(SUBSCRIBERS);
      expect(new Set(chunks).size).toBe(1);
    } finally {
      stringify.mockRestore();
      write.mockRestore();
    }
    const received = await Promise.all(readers.map((reader) => readUntil(reader, "\n\n")));
    for (const text of received) {
      expect(text).toBe(`id: 7\nevent: changed\ndata: {"id":"d1","text":"${"ü".repeat(100)}"}\n\n`);
    }
    await Promise.all(readers.map((reader) => reader.cancel()));
  });
});

describe("shutdown", () => {
  it("ends open streams with a reconnect hint, so that closing the server does not hang", async () => {
    const ownHub = createLiveHub();
    const server = Fastify();
    server.get("/events", (request, reply) => streamLiveEvents(request, reply, ownHub, ["x"]));
    server.addHook("preClose", async () => ownHub.closeAll());
    const url = await server.listen({ port: 0, host: "127.0.0.1" });
    const response = await fetch(`${url}/events`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read(); // ready
    const closed = server.close().then(() => "closed");
    const timeout = new Promise((resolve) => setTimeout(() => resolve("hung"), 5000));
    expect(await Promise.race([closed, timeout])).toBe("closed");
    // What follows `ready` until the end: the browser's EventSource reconnects within 1–2 s.
    const decoder = new TextDecoder();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += decoder.decode(chunk.value, { stream: true });
    }
    const retry = Number(/^retry: (\d+)$/m.exec(rest)?.[1]);
    expect(retry).toBeGreaterThanOrEqual(1000);
    expect(retry).toBeLessThan(2000);
  });
});
