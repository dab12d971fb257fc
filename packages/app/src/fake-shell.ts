// A shell for the SDK's unit tests that follows docs/bridge.md to the letter, as ShellBridge.smali
// does: HybridgeNative.version() and call(token, id, method, arg), each call answered later (never
// during the call) through window.__hybridgeReceive, the page's origin and the token checked on
// every call. apps/agent/src/android/shell-bridge.test.ts runs the real one on a JVM.

export type FakeShell = {
  /** Every call as the shell received it. */
  calls: { token: string | null; id: string; method: string; arg: string | null }[];
  /** What the native functions did: "back", "openPage URL", "logout", "ready ID", "reload". */
  effects: string[];
  /** The origin it answers (default: the test page's). */
  allowedOrigin: string;
  /** device.info's answer. */
  info: Record<string, unknown>;
  /** updates.current's answer (updates.ready and updates.reload are recorded in effects). */
  update: Record<string, unknown>;
  token: string;
  remove(): void;
};

type Globals = {
  HybridgeNative?: unknown;
  __hybridgeReceive?: (reply: unknown) => void;
};

export function installFakeShell(options: { version?: number } = {}): FakeShell {
  const shell: FakeShell = {
    calls: [],
    effects: [],
    allowedOrigin: location.origin,
    info: {
      platform: "android",
      appVersion: "1.2",
      appBuild: 12,
      shellVersion: "1.0",
      bridgeVersion: 1,
      androidSdk: 34,
    },
    update: { id: null, channel: "production", runtimeVersion: "android-1", pending: null },
    token: "5eb1a2c3d4e5f60718293a4b5c6d7e8f",
    remove: () => {
      delete (globalThis as Globals).HybridgeNative;
      delete (globalThis as Globals).__hybridgeReceive;
    },
  };
  const deliver = (reply: unknown) =>
    setTimeout(() => (globalThis as Globals).__hybridgeReceive?.(reply), 0);
  const answer = (id: string, value: unknown) => deliver({ id, ok: true, value });
  const refuse = (id: string, code: string, message: string) =>
    deliver({ id, ok: false, code, message });

  (globalThis as Globals).HybridgeNative = {
    version: () => options.version ?? 1,
    call(token: string | null, id: string, method: string, arg: string | null) {
      shell.calls.push({ token, id, method, arg });
      // The main frame's origin, read when the call is handled (the UI thread's turn).
      setTimeout(() => {
        if (location.origin !== shell.allowedOrigin) {
          refuse(
            id,
            "ORIGIN",
            `Only pages of ${shell.allowedOrigin} may call the app's native functions, not ${location.origin}`,
          );
          return;
        }
        if (method === "bridge.open") return answer(id, { token: shell.token, version: 1 });
        if (token !== shell.token) {
          return refuse(
            id,
            "TOKEN",
            "The call did not carry the token that bridge.open gave this page.",
          );
        }
        switch (method) {
          case "nav.back":
            shell.effects.push("back");
            return answer(id, null);
          case "nav.openPage":
            if (new URL(arg ?? "", "http://invalid").origin !== shell.allowedOrigin) {
              return refuse(id, "BAD_ARGUMENT", `nav.openPage opens pages of the app only: ${arg}`);
            }
            shell.effects.push(`openPage ${arg}`);
            return answer(id, null);
          case "device.info":
            return answer(id, shell.info);
          case "updates.current":
            return answer(id, shell.update);
          case "updates.ready":
            shell.effects.push(`ready ${arg}`);
            return answer(id, null);
          case "updates.reload":
            shell.effects.push("reload");
            return answer(id, null);
          case "auth.logout":
            shell.effects.push("logout");
            return answer(id, null);
          default:
            return refuse(
              id,
              "UNKNOWN_METHOD",
              `This app's shell has no native function ${method}`,
            );
        }
      }, 0);
    },
  };
  return shell;
}
