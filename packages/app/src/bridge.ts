import { SdkTexts } from "@hybridge/shared/data/texts";
import { HybridgeError } from "./errors";

/**
 * The one way the SDK talks to the app's native shell (docs/bridge.md): the shell adds
 * `window.HybridgeNative` to the page, every call goes through `call` with an id, and the answer
 * comes back later through `window.__hybridgeReceive`. In a browser there is no shell, and each
 * SDK function does the browser's part instead.
 */

/** The protocol version this SDK speaks; a shell answering a lower one is treated as absent. */
export const BRIDGE_VERSION = 1;

/** What the shell adds to the page (ShellBridge.smali). */
type NativeInterface = {
  version(): number;
  call(token: string | null, id: string, method: string, arg: string | null): void;
};

/** What the shell delivers to `window.__hybridgeReceive`. */
type Reply =
  | { id: string; ok: true; value: unknown }
  | { id: string; ok: false; code: string; message: string };

type Connection = {
  native: NativeInterface;
  pending: Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  nextId: number;
  /** The token of bridge.open, asked once per page. */
  token: Promise<string> | null;
};

type BridgeGlobals = { HybridgeNative?: unknown; __hybridgeReceive?: (reply: Reply) => void };

let connection: Connection | null = null;

/**
 * The shell's interface, when this page runs inside the app. Only the top window: the shell
 * answers the main frame, so a frame of the page behaves as in a browser.
 */
function nativeInterface(): NativeInterface | null {
  const { top } = globalThis as { top?: unknown };
  if (top === undefined || top !== globalThis) return null;
  const native = (globalThis as BridgeGlobals).HybridgeNative as Partial<NativeInterface> | null;
  if (!native || typeof native.version !== "function" || typeof native.call !== "function") {
    return null;
  }
  // Asked once per interface: each call of a Java method is a round trip to the shell.
  if (connection?.native === native) return connection.native;
  try {
    return native.version() >= BRIDGE_VERSION ? (native as NativeInterface) : null;
  } catch {
    return null;
  }
}

function connect(): Connection | null {
  const native = nativeInterface();
  if (!native) {
    connection = null;
    return null;
  }
  if (connection?.native === native) return connection;
  const created: Connection = { native, pending: new Map(), nextId: 1, token: null };
  (globalThis as BridgeGlobals).__hybridgeReceive = (reply) => {
    const waiting = created.pending.get(reply?.id);
    if (!waiting) return;
    created.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new HybridgeError(reply.code, reply.message));
  };
  connection = created;
  return created;
}

function send(bridge: Connection, token: string | null, method: string, arg: string | null) {
  const id = `h${bridge.nextId++}`;
  return new Promise<unknown>((resolve, reject) => {
    bridge.pending.set(id, { resolve, reject });
    try {
      bridge.native.call(token, id, method, arg);
    } catch (error) {
      bridge.pending.delete(id);
      reject(error);
    }
  });
}

/** Whether the page runs inside the app, with a shell that speaks this SDK's protocol. */
export function insideApp(): boolean {
  return connect() !== null;
}

/**
 * Calls a native function of the shell and resolves with its answer. Rejects with the shell's
 * HybridgeError (ORIGIN, TOKEN, UNKNOWN_METHOD, BAD_ARGUMENT), or NATIVE_ONLY in a browser.
 */
export async function callNative(method: string, arg: string | null = null): Promise<unknown> {
  const bridge = connect();
  if (!bridge) throw new HybridgeError("NATIVE_ONLY", SdkTexts.nativeOnly(method));
  if (!bridge.token) {
    bridge.token = send(bridge, null, "bridge.open", null).then(
      (value) => (value as { token: string }).token,
    );
    // A refused open (a page of another origin) is asked again on the next call.
    bridge.token.catch(() => {
      if (connection === bridge) bridge.token = null;
    });
  }
  return send(bridge, await bridge.token, method, arg);
}
