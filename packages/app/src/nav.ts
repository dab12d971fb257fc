import { SdkTexts } from "@hybridge/shared/data/texts";
import { HybridgeError } from "./errors";

/**
 * What a native shell adds to the page (not in a browser): each function it has replaces the
 * browser's way. Today's Android shell adds none; the History API serves it as it serves a browser.
 */
type NativeBridge = {
  openView?: (name: string) => void;
  back?: () => void;
  openPage?: (url: string) => void;
};
const bridge = () => (globalThis as { HybridgeNative?: NativeBridge }).HybridgeNative;

/** Tells the page's router (React Router, Vue Router… all listen to popstate) that the URL changed. */
function announce() {
  window.dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
}

export const nav = {
  /** Back to the previous page, like the system back gesture. */
  back() {
    const back = bridge()?.back;
    if (back) back();
    else history.back();
  },

  /** Opens a page of the app on top of the current one; `params` become its URL parameters. */
  openPage(path: string, params: Record<string, string | number | boolean> = {}): void {
    const url = new URL(path, location.href);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
    const target = `${url.pathname}${url.search}${url.hash}`;
    const openPage = bridge()?.openPage;
    if (openPage) {
      openPage(target);
      return;
    }
    history.pushState(null, "", target);
    announce();
  },

  /** A parameter the page was opened with (nav.openPage's `params`), or null. */
  param(name: string): string | null {
    return new URLSearchParams(location.search).get(name);
  },

  /** Opens a native view by the name its module gives it (inside the app only). */
  openView(name: string) {
    const open = bridge()?.openView;
    if (!open) {
      throw new HybridgeError("NATIVE_ONLY", SdkTexts.nativeOnly(name));
    }
    open(name);
  },
};
