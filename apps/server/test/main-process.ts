import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { vi } from "vitest";
import { freePort } from "./net";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type MainProcess = {
  child: ChildProcess;
  port: number;
  origin: string;
  /** The exit code (null when a signal ended it), once the process has exited. */
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output: () => string;
};

/**
 * The real server process (src/main.ts through tsx) on a free port of 127.0.0.1, with only
 * PATH from this environment and `env` (DATA_DIR, SECRET, the database…) on top of quiet
 * defaults; resolves once it is ready (GET /api/health/ready), or throws with its output if it
 * exits first.
 */
export async function startMainProcess(
  env: Record<string, string>,
  options: {
    timeoutMs?: number /** The same port again (a restart); a free one by default. */;
    port?: number;
  } = {},
): Promise<MainProcess> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await vi.waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      const res = await fetch(`${origin}/api/health/ready`).catch(() => null);
      return res?.ok;
    },
    { timeout: options.timeoutMs ?? 30_000, interval: 50 },
  );
  return { child, port, origin, exited, output: () => output };
}

/** Signs a new account up on the running server: its session cookie. */
export async function signUpOn(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct-horse-battery", name: email.split("@")[0] }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token"));
  return (cookie as string).split(";")[0] as string;
}
