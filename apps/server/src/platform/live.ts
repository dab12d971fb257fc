import { EventEmitter } from "node:events";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Live updates inside one server process: the features' watchers publish on a channel what the
 * database's triggers notified (see watch-latest-builds.ts, watch-comments.ts); server-sent-event
 * streams subscribed to that channel forward it. An event is read-only once published or sent:
 * its bytes on the wire are kept with it (eventBytes).
 */
export type LiveEvent = {
  type: string;
  data?: unknown;
  /** Sent as the event's `id:`: what the client's Last-Event-ID resumes from (decision 039). */
  id?: string;
};

export type LiveHub = {
  publish: (channel: string, event: LiveEvent) => void;
  subscribe: (channel: string, listener: (event: LiveEvent) => void) => () => void;
  /**
   * Ends every open stream (server shutdown), so that closing never waits on them. Each is told
   * to reconnect soon (`retry:`): through a balancer, to another server.
   */
  closeAll: () => void;
  /** Open event streams now (each listens for the shutdown once): /metrics reads it. */
  streams: () => number;
};

const SHUTDOWN = "\0shutdown";

/** `onFanOut`: how long a publish took to reach every subscriber, in seconds (/metrics). */
export function createLiveHub(options: { onFanOut?: (seconds: number) => void } = {}): LiveHub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const { onFanOut } = options;
  return {
    publish: (channel, event) => {
      if (!onFanOut) {
        emitter.emit(channel, event);
        return;
      }
      const start = process.hrtime.bigint();
      emitter.emit(channel, event);
      onFanOut(Number(process.hrtime.bigint() - start) / 1e9);
    },
    subscribe: (channel, listener) => {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    closeAll: () => {
      emitter.emit(SHUTDOWN, { type: "shutdown" });
    },
    streams: () => emitter.listenerCount(SHUTDOWN),
  };
}

/**
 * Each event's bytes on the wire, made at its first send and kept as long as the event lives: a
 * change published to a collection with 200 open streams is serialised once, not 200 times, and
 * every stream writes the same buffer.
 */
const wireBytes = new WeakMap<LiveEvent, Buffer>();

/** The event as a server-sent event: `id:` when it has one, `event:` and `data:` (its JSON). */
export function eventBytes(event: LiveEvent): Buffer {
  let bytes = wireBytes.get(event);
  if (bytes === undefined) {
    const id = event.id === undefined ? "" : `id: ${event.id}\n`;
    bytes = Buffer.from(
      `${id}event: ${event.type}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`,
    );
    wireBytes.set(event, bytes);
  }
  return bytes;
}

const HEARTBEAT_MS = 15_000;
/**
 * The reconnection delay a stream ended by a shutdown asks of the browser (its default is about
 * 3 s): short, since another server can take the viewer at once, and spread over a second so
 * that a closing server's viewers do not all arrive at the same moment.
 */
const SHUTDOWN_RETRY_MS = 1000;

/**
 * Answers the request with an event stream on the given channels. `ready` is sent first, so a
 * client knows it will not miss what happens from now on; then `initial`'s events (this viewer's
 * snapshot, read after the subscription: sent to this stream only). A comment line every 15 s
 * keeps proxies from closing the connection. `onClose` runs once, when the stream ends.
 * `readyId` is `ready`'s id, where a stream resumed after it goes on; the stream's own events
 * (besides its channels') are sent with the returned `send`.
 */
export function streamLiveEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: LiveHub,
  channels: string[],
  options: { initial?: () => Promise<LiveEvent[]>; onClose?: () => void; readyId?: string } = {},
): { send: (event: LiveEvent) => void } {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
    "X-Content-Type-Options": "nosniff",
  });
  const send = (event: LiveEvent) => {
    res.write(eventBytes(event));
  };
  const unsubscribes = [
    ...channels.map((channel) => hub.subscribe(channel, send)),
    hub.subscribe(SHUTDOWN, () =>
      res.end(`retry: ${SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_MS)}\n\n`),
    ),
  ];
  const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
  heartbeat.unref();
  send({ type: "ready", id: options.readyId });
  let closed = false;
  if (options.initial) {
    options.initial().then(
      (events) => {
        if (!closed) for (const event of events) send(event);
      },
      (error) => {
        request.log.warn({ err: error }, "reading a stream's first state failed");
        res.end();
      },
    );
  }
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const unsubscribe of unsubscribes) unsubscribe();
    options.onClose?.();
  };
  request.raw.on("close", close);
  res.on("close", close);
  return { send };
}
