// Starting a server process for a bench: a free port, then the process until a probe answers 200.
// Shared by bench/api.mjs, bench/data.mjs and bench/updates.mjs.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/**
 * Starts `main` with `env` (in `cwd`, this process's unless said) and waits (`timeoutMs`, 60 s
 * unless said) until `probeUrl` answers 2xx; stderr's last 4 KB go into the error when it stops
 * or never answers. `stop()` sends SIGTERM, then SIGKILL after 10 s.
 */
export async function spawnUntil200(main, env, probeUrl, url, { cwd, timeoutMs = 60_000 } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [main], { env, cwd, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4096);
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${path.basename(main)} stopped: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(
        `${path.basename(main)} did not answer within ${timeoutMs / 1000} s: ${stderr}`,
      );
    }
    try {
      if ((await fetch(probeUrl)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    url,
    pid: child.pid,
    startMs: Math.round(performance.now() - started),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A TCP port free on 127.0.0.1 now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
