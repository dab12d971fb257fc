// The live rounds' client (bench/data.mjs, scenarios `live` and `fanout`), in a worker thread of
// its own: the subscribers and the adds of a round, timed from send to each event. The bench's
// main thread holds everything the earlier scenarios left (the seeds' cursors, autocannon's
// results: a heap of about 45 MB), and a collection of that heap paused the clients that shared
// it: 22 ms (a scavenge, then the end of a marking) in one add's time, a round's worst event
// whichever server it measured (decision 069). Here the clients have a heap of their own, a few
// MB, as a phone's app has.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

/**
 * Starts the client's thread; `round(server, options)` runs one round there and answers its
 * figures; `close()` ends the thread. `peerDir` is where the bench installed Parse (its `ws`).
 */
export function startLiveClient({ peerDir }) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { peerDir } });
  const waiting = new Map();
  let next = 0;
  const failAll = (error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on("message", ({ id, figures, error }) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (error) call?.reject(new Error(error));
    else call?.resolve(figures);
  });
  worker.on("error", failAll);
  worker.on("exit", () => failAll(new Error("the live client's thread ended")));
  return {
    /** `server`: { name, url, key, headers }; `notes`: the documents to add, in order. */
    round(server, { subscribers, perSecond, notes }) {
      const id = next++;
      const { name, url, key, headers } = server;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({
          id,
          server: { name, url, key, headers },
          subscribers,
          perSecond,
          notes,
        });
      });
    },
    close: () => worker.terminate(),
  };
}

let WebSocket;
if (!isMainThread) {
  WebSocket = createRequire(path.join(workerData.peerDir, "package.json"))("ws");
  parentPort.on("message", async ({ id, server, ...options }) => {
    try {
      parentPort.postMessage({ id, figures: await liveRound(server, options) });
    } catch (error) {
      parentPort.postMessage({ id, error: String(error?.stack ?? error) });
    }
  });
}

async function liveRound(server, { subscribers, perSecond, notes }) {
  const adds = notes.length;
  const latencies = [];
  const sent = new Map();
  /** Each add's first and last arrival, ms after it was sent. */
  const arrivals = new Map();
  const received = (document) => {
    const at = sent.get(document.seq);
    if (at === undefined) return;
    const latency = performance.now() - at;
    latencies.push(latency);
    const span = arrivals.get(document.seq);
    if (span) span.last = latency;
    else arrivals.set(document.seq, { first: latency, last: latency });
  };
  const isHybridge = server.name === "Hybridge";
  const subscriptions = await Promise.all(
    Array.from({ length: subscribers }, () =>
      isHybridge ? subscribeHybridge(server, received) : subscribeParse(server, received),
    ),
  );
  const tag = randomBytes(3).toString("hex");
  try {
    const posts = [];
    for (let i = 0; i < adds; i++) {
      const seq = `${tag}-${i}`;
      const document = { ...notes[i], seq };
      sent.set(seq, performance.now());
      posts.push(
        fetch(
          isHybridge
            ? `${server.url}/api/v1/db/collections/live/documents`
            : `${server.url}/parse/classes/Live`,
          { method: "POST", headers: server.headers, body: JSON.stringify(document) },
        ).then((r) => r.arrayBuffer()),
      );
      await sleep(1000 / perSecond);
    }
    await Promise.all(posts);
    const expected = adds * subscribers;
    const deadline = Date.now() + 10_000;
    while (latencies.length < expected && Date.now() < deadline) await sleep(20);
    latencies.sort((a, b) => a - b);
    const at = (q) =>
      round(
        latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN,
        1,
      );
    const spans = [...arrivals.values()];
    return {
      events: `${latencies.length}/${expected}`,
      // From an add's first subscriber to its last, on average: the fan-out's own time.
      spreadMs: round(spans.reduce((sum, s) => sum + s.last - s.first, 0) / spans.length, 1),
      p50Ms: at(0.5),
      p95Ms: at(0.95),
      maxMs: round(latencies.at(-1) ?? Number.NaN, 1),
    };
  } finally {
    for (const close of subscriptions) close();
  }
}

/**
 * An SSE stream of Hybridge's `live` collection; resolves once `ready` arrived. Read with
 * node:http's `data` events, as `ws` hands Parse's messages over: the subscribers share the
 * client's thread, and a slower client would add its own time to one side only. (fetch's web
 * streams, through a TextDecoderStream, took about 55 µs per event and subscriber here: 11 of the
 * 200 subscribers' ms from first to last, against 4 with node:http, decision 068.)
 */
function subscribeHybridge(server, received) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}/api/v1/db/collections/live/events?key=${server.key}`,
      { agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`live events: ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (value) => {
          buffer += value;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(message)?.[1];
            const data = /^data: (.*)$/m.exec(message)?.[1];
            if (event === "ready") resolve(() => request.destroy());
            else if (event === "document-added" && data) received(JSON.parse(data));
            end = buffer.indexOf("\n\n");
          }
        });
        // Destroyed at the round's end.
        response.on("error", () => {});
      },
    );
    request.on("error", reject);
  });
}

/** A LiveQuery subscription of Parse's Live class; resolves once subscribed. */
async function subscribeParse(server, received) {
  const socket = new WebSocket(`${server.url.replace("http", "ws")}/parse`);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  await new Promise((resolve) => {
    socket.on("message", (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.op === "connected") {
        socket.send(
          JSON.stringify({
            op: "subscribe",
            requestId: 1,
            query: { className: "Live", where: {} },
          }),
        );
      } else if (message.op === "subscribed") resolve();
      else if (message.op === "create") received(message.object);
    });
    socket.send(JSON.stringify({ op: "connect", applicationId: "bench" }));
  });
  return () => socket.terminate();
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function round(value, digits) {
  return Number(value.toFixed(digits));
}
