/** What the native shell adds to the page (not in a browser). */
type NativeBridge = { logout?: () => void | Promise<void> };
const bridge = () => (globalThis as { HybridgeNative?: NativeBridge }).HybridgeNative;

/** Where the app's session is kept in the page's storage: every key under this prefix. */
export const SESSION_STORAGE_PREFIX = "hybridge.";

export const auth = {
  /**
   * Signs the user out: forgets the session stored on this phone, in the page's storage and,
   * inside the app, in the native shell's.
   */
  async logout(): Promise<void> {
    for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
      if (!storage) continue;
      for (const key of Object.keys(storage)) {
        if (key.startsWith(SESSION_STORAGE_PREFIX)) storage.removeItem(key);
      }
    }
    await bridge()?.logout?.();
  },
};
