import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { CookieBanner } from "./cookie-banner";
import { Footer } from "./footer";
import { TopBar } from "./top-bar";

/**
 * Every page: top bar, the page, footer, and the cookie banner. Pages are loaded on demand; while
 * the next page's code arrives, the current page stays and a thin bar shows along the top.
 */
export function RootLayout() {
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
      <TopBar />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
      <ScrollRestoration />
    </div>
  );
}
