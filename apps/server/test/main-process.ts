import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, vi } from "vitest";
import { multipart } from "./multipart";
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
      // The dev app's build at start (a few seconds of CPU) is e2e/dev-app.spec.ts's to prove.
      DEV_APP_BUILD: "false",
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

/**
 * Creates a project through the running server's API, as the user of `cookie` (multipart, text
 * fields only; the bar and colours are the form's defaults): its id.
 */
export async function createProjectOn(
  origin: string,
  cookie: string,
  fields: { name: string; keyApp: string; description: string; segment: string },
): Promise<string> {
  const form = multipart(
    Object.entries({ ...fields, navBarType: "footer", color: "#0E904D", statusbar: "#FFFFFF" }).map(
      ([name, value]) => ({ name, value }),
    ),
  );
  const res = await fetch(`${origin}/api/projects`, {
    method: "POST",
    headers: { ...form.headers, origin, cookie },
    body: form.payload,
  });
  if (res.status !== 201)
    throw new Error(`project creation answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { project: { id: string } }).project.id;
}

/**
 * Reads an event stream of the running server to its end (it must answer one); `ready`
 * resolves once its first event has arrived, `ended` with all it sent.
 */
export function readEventStream(url: string) {
  let text = "";
  let sawReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    sawReady = resolve;
  });
  const ended = (async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const decoder = new TextDecoder();
    for await (const chunk of response.body as ReadableStream<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      if (text.includes("event: ready\n")) sawReady();
    }
    return text;
  })();
  return { ready, ended };
}
