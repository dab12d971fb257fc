import type { ReactNode } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { CookieBanner } from "./cookie-banner";
import { Footer } from "./footer";
import { TopBar } from "./top-bar";
import { useSiteTexts } from "./use-site-texts";

/**
 * Every page's frame: a bar, the page, footer, and the cookie banner, in the page's language.
 * Pages are loaded on demand; while the next page's code arrives, the current page stays and a
 * thin bar shows along the top. The site's pages get the top bar (RootLayout), the console's the
 * console bar (console-layout.tsx).
 */
export function PageFrame({ bar }: { bar: ReactNode }) {
  const navigation = useNavigation();
  const { locale, texts } = useSiteTexts();
  return (
    <div lang={locale} className="flex min-h-dvh flex-col">
      {navigation.state === "loading" && (
        <div
          role="progressbar"
          aria-label={texts.loadingPage}
          className="fixed inset-x-0 top-0 z-50 h-0.5 bg-brand-600 motion-safe:animate-pulse"
        />
      )}
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {texts.skipToContent}
      </a>
      {/* First in the Tab order after the skip link (it is fixed at the bottom of the screen):
          a keyboard user reaches it at once instead of some 35 Tabs later. */}
      <CookieBanner />
      {bar}
      {/* At least the screen's height below the bar: the footer starts below the fold, so that a
          page whose content arrives after its frame (a lazy page, a guard waiting for the
          session) does not push a visible footer down (layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className="flex min-h-[calc(100dvh-4rem)] min-w-0 flex-1 flex-col focus:outline-none"
      >
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

/** The site's pages: the frame with the top bar. */
export function RootLayout() {
  return <PageFrame bar={<TopBar />} />;
}
