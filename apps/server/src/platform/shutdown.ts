import type { FastifyInstance } from "fastify";

/**
 * Whether this server is shutting down (SIGTERM or SIGINT: main.ts). From then on readiness
 * answers 503 "draining" and every answer closes its connection, so that balancers and clients
 * move to another instance while this one still serves what reaches it.
 */
export type Draining = { readonly active: boolean; begin: () => void };

export function createDraining(): Draining {
  let active = false;
  return {
    get active() {
      return active;
    },
    begin: () => {
      active = true;
    },
  };
}

/**
 * Answers sent while draining say `Connection: close`: a kept-alive connection would bring the
 * client's next request back to this instance (a balancer picks instances per connection, a
 * browser reuses its connections) until the listener closes under it.
 */
export function registerDraining(app: FastifyInstance, draining: Draining) {
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (draining.active) reply.header("connection", "close");
    done(null, payload);
  });
}

const IDLE_SWEEP_MS = 100;

/**
 * Closes the app: no new connection is taken, requests in progress finish with their real
 * answers, event streams end (the live hub's preClose hook). Node closes the connections that are
 * idle when the listener closes, not those that become idle afterwards: one whose answer ends
 * later would stay open for its keep-alive time (72 s) and hold the close. They are closed as
 * they become idle.
 */
export async function closeGracefully(app: FastifyInstance) {
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
