import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/** How long a connection answered early keeps taking what the client still sends. */
export const LINGER_MS = 5_000;

const lingering = new WeakSet<Socket>();

/**
 * An answer given before the request's body has all arrived — a file refused at its first
 * bytes, a body over its limit, a build not held, a refused token — leaves the rest unread:
 * reading up to 100 MB only to throw it away would cost the server what the refusal saves. Such
 * an answer says `Connection: close` (the connection cannot carry another request), and the
 * connection then closes the way nginx's lingering close does: the answer, then our end of the
 * connection (FIN), and the socket only `LINGER_MS` later. Meanwhile nothing more is read (the
 * client's writes wait in the kernel's buffers): the answer costs what was read before it.
 *
 * Node would destroy the socket as soon as the answer is written; with the client's unread
 * bytes still in the server's receive buffer the kernel then sends a reset, and a client that
 * had not read the answer yet — still writing its upload, or merely slower than the reset —
 * loses it: it sees "connection reset" (EPIPE, "fetch failed", an XHR network error) instead of
 * the 413 or 409 that says why. A client that reads the answer stops sending and closes.
 * `early-answer.test.ts` shows it with a client that writes 32 MB before it reads anything.
 */
export function registerEarlyAnswers(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    // false only while a body is still arriving (a request injected in tests has no such flag).
    if (request.raw.complete !== false) return payload;
    reply.header("Connection", "close");
    lingerOnClose(request.raw.socket);
    return payload;
  });
}

function lingerOnClose(socket: Socket | null) {
  if (!socket || lingering.has(socket)) return;
  lingering.add(socket);
  // Node closes a `Connection: close` answer's socket with destroySoon once it is written, just
  // after it set the unread body flowing into nothing (`_dump`, which resumes the socket on the
  // next tick): the socket is paused after that, so that nothing more is read.
  socket.destroySoon = function lingeringClose(this: Socket) {
    setImmediate(() => this.pause());
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
  };
}
