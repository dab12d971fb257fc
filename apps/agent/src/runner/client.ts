import {
  type ClaimResponse,
  type Job,
  KEYSTORE_ALIAS_HEADER,
  KEYSTORE_PASSWORD_HEADER,
  type ProgressResponse,
  type ReleaseResponse,
  type SigningKeyResponse,
} from "@hybridge/shared/agents/protocol";

/** The server answered something the protocol does not expect; `status` says what. */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The server took the build back (cancelled, lease lost, revoked): stop working on it. */
export const isLeaseLost = (error: unknown) =>
  error instanceof ServerError && (error.status === 409 || error.status === 404);

/**
 * The build machines' protocol (docs/agents-protocol.md) over HTTP: every call carries the
 * machine's bearer token. URLs in a job are the server's paths, resolved against its address.
 */
export function createServerClient(options: {
  server: string;
  token: string;
  fetch?: typeof fetch;
}) {
  const base = options.server.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const headers = { authorization: `Bearer ${options.token}` };

  async function call(method: string, path: string, body?: unknown, extra?: RequestInit) {
    const res = await doFetch(`${base}${path}`, {
      method,
      headers: {
        ...headers,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      ...extra,
    });
    if (!res.ok) {
      let message = `${method} ${path} answered ${res.status}`;
      try {
        const answer = (await res.json()) as { message?: string };
        if (answer.message) message = answer.message;
      } catch {
        // not JSON: the status says enough
      }
      throw new ServerError(res.status, message);
    }
    return res;
  }

  return {
    /** The next job for these platforms, or null when nothing waits. */
    async claim(platforms: string[]): Promise<Job | null> {
      const res = await call("POST", "/api/agents/claim", { platforms });
      if (res.status === 204) return null;
      return ((await res.json()) as ClaimResponse).job;
    },
    async progress(buildId: string, percent: number, log: string[]): Promise<ProgressResponse> {
      const res = await call("POST", `/api/agents/builds/${buildId}/progress`, {
        percent,
        ...(log.length > 0 ? { log } : {}),
      });
      return (await res.json()) as ProgressResponse;
    },
    async download(path: string): Promise<Buffer> {
      const res = await call("GET", path);
      return Buffer.from(await res.arrayBuffer());
    },
    async uploadArtifact(buildId: string, apk: Buffer) {
      await doFetch(`${base}/api/agents/builds/${buildId}/artifact`, {
        method: "PUT",
        headers: { ...headers, "content-type": "application/vnd.android.package-archive" },
        body: apk,
      }).then(async (res) => {
        if (!res.ok) {
          const answer = (await res.json().catch(() => ({}))) as { message?: string };
          throw new ServerError(
            res.status,
            answer.message ?? `artifact upload answered ${res.status}`,
          );
        }
      });
    },
    /** Stores a first upload key; answers the project's key (ours, or one stored first). */
    async putSigningKey(
      buildId: string,
      key: { bytes: Buffer; password: string; alias: string },
    ): Promise<SigningKeyResponse["signing"]> {
      // The password goes in a header: a URL is written to logs (the server's, a proxy's).
      const res = await doFetch(`${base}/api/agents/builds/${buildId}/signing-key`, {
        method: "PUT",
        headers: {
          ...headers,
          "content-type": "application/octet-stream",
          [KEYSTORE_PASSWORD_HEADER]: key.password,
          [KEYSTORE_ALIAS_HEADER]: key.alias,
        },
        body: key.bytes,
      });
      if (res.status !== 201 && res.status !== 409) {
        const answer = (await res.json().catch(() => ({}))) as { message?: string };
        throw new ServerError(res.status, answer.message ?? `signing key answered ${res.status}`);
      }
      return ((await res.json()) as SigningKeyResponse).signing;
    },
    async complete(buildId: string, certSha256: string, log: string[]) {
      await call("POST", `/api/agents/builds/${buildId}/complete`, {
        certSha256,
        ...(log.length > 0 ? { log } : {}),
      });
    },
    /** Hands every build this machine holds back to the queue; how many went back. */
    async release(): Promise<number> {
      const res = await call("POST", "/api/agents/release");
      return ((await res.json()) as ReleaseResponse).released;
    },
    async fail(buildId: string, reason: string, log: string[]) {
      await call("POST", `/api/agents/builds/${buildId}/fail`, {
        reason,
        ...(log.length > 0 ? { log } : {}),
      });
    },
  };
}
export type ServerClient = ReturnType<typeof createServerClient>;
