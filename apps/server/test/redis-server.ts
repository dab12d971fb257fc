import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { freePort } from "./net";

export type RedisServer = {
  url: string;
  /** Stops it (SIGTERM) and waits for the exit; safe to call twice. */
  close: () => Promise<void>;
};

/**
 * A Redis server of its own for a test (Debian's redis-server, on every machine of this kind):
 * on a free port of 127.0.0.1, keeping nothing on disk. No vitest in here: plain Node scripts
 * use it too.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start:\n${output}`)),
      10_000,
    );
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(
        new Error(`redis-server could not run (${error.message}): apt-get install redis-server`),
      );
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}
