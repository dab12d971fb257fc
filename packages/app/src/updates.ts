import { callNative, insideApp } from "./bridge";

/**
 * Over-the-air updates of the app's web bundle (docs/bridge.md, decision 052). The shell checks
 * for an update after the first page load, downloads and verifies it in the background and
 * applies it at the next cold start; a new bundle must report ready within 10 s of its first start
 * or the shell goes back to the bundle before it. The SDK reports ready by itself once the page
 * has loaded (below).
 */
export type UpdateInfo = {
  /** The update running, or null for the bundle built into the app (and in a browser). */
  id: string | null;
  /** The build's update channel and runtime version; null in a browser. */
  channel: string | null;
  runtimeVersion: string | null;
  /**
   * An update downloaded and waiting for the next start (or `updates.reload()`), "embedded" when
   * the channel went back to the built-in bundle, null when none.
   */
  pending: string | null;
};

const BROWSER: UpdateInfo = { id: null, channel: null, runtimeVersion: null, pending: null };

export const updates = {
  /** Which bundle runs and which waits; in a browser, all null. */
  async current(): Promise<UpdateInfo> {
    if (!insideApp()) return { ...BROWSER };
    return { ...BROWSER, ...((await callNative("updates.current")) as Partial<UpdateInfo>) };
  },

  /**
   * Applies a downloaded update now instead of at the next start, and reloads the app's start
   * page (the page's storage stays). In a browser: `location.reload()`.
   */
  async reload(): Promise<void> {
    if (!insideApp()) {
      location.reload();
      return;
    }
    await callNative("updates.reload");
  },
};

/**
 * Tells the shell that the page it served loaded: the update on trial (by the id the shell
 * served, so a page of an older bundle never vouches for a newer one) is kept. Once per page,
 * inside the app only; a shell without updates (an older build) is left alone.
 */
export async function reportReady(): Promise<void> {
  if (!insideApp()) return;
  try {
    const { id } = await updates.current();
    if (id) await callNative("updates.ready", id);
  } catch {
    // An older shell (UNKNOWN_METHOD) or a page of another origin: nothing to report.
  }
}

let readyScheduled = false;

/** Runs reportReady once the page's load event has fired (now, when it already has). */
export function reportReadyOnLoad(): void {
  if (readyScheduled || typeof window === "undefined" || typeof document === "undefined") return;
  readyScheduled = true;
  if (document.readyState === "complete") void reportReady();
  else window.addEventListener("load", () => void reportReady(), { once: true });
}

// Every page that loads the SDK reports ready (package.json lists this module's side effect).
reportReadyOnLoad();
