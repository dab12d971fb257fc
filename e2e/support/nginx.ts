import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { accepts } from "../../apps/server/test/net";
import { repoRoot } from "./server";

export type Nginx = {
  url: string;
  output: () => string;
  /** What nginx's access log holds so far (the deployment's own format). */
  accessLog: () => Promise<string>;
  stop: () => Promise<void>;
};

/**
 * Debian's nginx in front of `upstreams` (host:port), with the deployment's own configuration
 * (deploy/nginx.conf) — its upstream servers, listen address and access log's file replaced —
 * and one addition for tests: each answer names the instance that served it (X-Upstream).
 */
export async function startNginx(options: { upstreams: string[]; port: number }): Promise<Nginx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "hybridge-nginx-"));
  const accessLog = path.join(dir, "access.log");
  const site = (await readFile(path.join(repoRoot, "deploy/nginx.conf"), "utf8"))
    .replace(/^\s*server hybridge-\d:3000 (.*);$/gm, "")
    .replace(
      /upstream hybridge \{/,
      `upstream hybridge {\n${options.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=10s;`).join("\n")}`,
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${options.port};`)
    .replace(/access_log \S+ hybridge;/, `access_log ${accessLog} hybridge;`)
    .replace(
      /location \/ \{/,
      "location / {\n        add_header X-Upstream $upstream_addr always;",
    );
  if (
    !site.includes(`listen 127.0.0.1:${options.port}`) ||
    !site.includes(options.upstreams[0] ?? "?") ||
    !site.includes(`access_log ${accessLog} hybridge;`)
  ) {
    throw new Error("deploy/nginx.conf no longer has the shape this test rewrites");
  }
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  await writeFile(path.join(dir, "site.conf"), site);
  await writeFile(
    path.join(dir, "nginx.conf"),
    [
      // Root starts workers as nobody, who could not use the temporary folders below.
      process.getuid?.() === 0 ? "user root;" : "",
      "worker_processes 1;",
      "error_log stderr warn;",
      `pid ${path.join(dir, "nginx.pid")};`,
      "events { worker_connections 512; }",
      "http {",
      "  access_log off;",
      `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
      `  include ${path.join(dir, "site.conf")};`,
      "}",
    ].join("\n"),
  );
  let output = "";
  const child: ChildProcess = spawn(
    "nginx",
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", "stderr", "-g", "daemon off;"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let spawnError: Error | undefined;
  child.on("error", (error) => {
    spawnError = error;
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null || spawnError) {
      await stop();
      throw new Error(
        `nginx did not start (${spawnError?.message ?? "it exited"}; apt-get install nginx):\n${output}`,
      );
    }
    if (await accepts(options.port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not listen on ${options.port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    output: () => output,
    accessLog: () => readFile(accessLog, "utf8").catch(() => ""),
    stop,
  };
}
