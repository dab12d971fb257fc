import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { ConsoleBar } from "./console-bar";
import { CookieBanner } from "./cookie-banner";
import { Footer } from "./footer";

/**
 * Every console page (My Projects, a project, its settings and update forms, new app, builds,
 * the store, the test console): the console bar instead of the site's top bar, the page, the
 * footer and the cookie banner. A lazy route of its own, so that the public pages' first load
 * never carries it (docs/decisions/005-prerendering.md).
 */
export function ConsoleLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      {navigation.state === "loading" && (
        <div
          role="progressbar"
          aria-label="Loading the page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 bg-brand-600 motion-safe:animate-pulse"
        />
      )}
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <ConsoleBar />
      <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
      <ScrollRestoration />
    </div>
  );
}
