import type { FastifyBaseLogger } from "fastify";
import type { Database, Unlisten } from "./client";

/**
 * A LISTEN on one channel, opened on the first `ready()` and kept until `close()`, shared by
 * every caller. A LISTEN that fails is logged, and the next `ready()` tries again. `onRelisten`
 * runs when the LISTEN was made again after its connection dropped: notifications were missed.
 */
export function createListener(options: {
  listen: Database["listen"];
  channel: string;
  onNotify: (payload: string) => void;
  onRelisten?: () => void;
  log: FastifyBaseLogger;
}) {
  const { listen, channel, onNotify, log } = options;
  const onRelisten = () => {
    log.warn({ channel }, "listening again for database notifications: some may have been missed");
    options.onRelisten?.();
  };
  let listening: Promise<Unlisten | undefined> | undefined;
  return {
    /** Resolves once notifications on the channel are received. */
    ready() {
      listening ??= listen(channel, onNotify, onRelisten).catch((error) => {
        log.error({ err: error, channel }, "listening for database notifications failed");
        listening = undefined;
        return undefined;
      });
      return listening;
    },
    async close() {
      const unlisten = await listening;
      listening = undefined;
      await unlisten?.().catch(() => {});
    },
  };
}
