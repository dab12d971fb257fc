import { SdkTexts } from "@hybridge/shared/data/texts";
import { callNative, insideApp } from "./bridge";
import { HybridgeError } from "./errors";

/** Tells the page's router (React Router, Vue Router… all listen to popstate) that the URL changed. */
function announce() {
  window.dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
}

export const nav = {
  /**
   * Back to the previous page, like the system back gesture. In a browser, the page's history
   * (nothing on the first page); in the app, the phone's back: the WebView's history, and on the
   * first page the app closes.
   */
  back(): void {
    if (insideApp()) {
      callNative("nav.back").catch(() => history.back());
      return;
    }
    history.back();
  },

  /**
   * Opens a page of the app on top of the current one; `params` become its URL parameters. The
   * same in a browser and in the app: a new history entry the router shows, which back returns
   * from. `{ reload: true }` loads the page as a new document instead (an app of several HTML
   * pages); pages of other sites are refused, in both.
   */
  openPage(
    path: string,
    params: Record<string, string | number | boolean> = {},
    options: { reload?: boolean } = {},
  ): void {
    const url = new URL(path, location.href);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
    if (url.origin !== location.origin) {
      throw new HybridgeError("BAD_ARGUMENT", SdkTexts.otherOrigin(url.href));
    }
    if (options.reload) {
      if (insideApp()) callNative("nav.openPage", url.href).catch(() => location.assign(url.href));
      else location.assign(url.href);
      return;
    }
    history.pushState(null, "", `${url.pathname}${url.search}${url.hash}`);
    announce();
  },

  /** A parameter the page was opened with (nav.openPage's `params`), or null. */
  param(name: string): string | null {
    return new URLSearchParams(location.search).get(name);
  },

  /** Will open a native view by the name its module gives it: coming soon, it throws today. */
  openView(name: string): never {
    throw new HybridgeError("NOT_AVAILABLE", SdkTexts.nativeViewsComingSoon(name));
  },
};
