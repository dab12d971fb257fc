// Build-time renderer for the public pages (scripts/build.mjs). Not part of the browser bundle.
import "./lib/zod-config";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { routePathList, routes } from "./app/router";
import { prerenderedPages } from "./features/marketing/content/prerendered-pages";

export { prerenderedPages, routePathList };

/**
 * Renders one page path to HTML the way the browser's first render will draw it: signed-out
 * session still loading, no cookie banner, no toasts. No hydration data script is written (the
 * CSP forbids inline scripts, and no route has a loader).
 */
export async function render(pathname: string): Promise<{ html: string; status: number }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, "http://prerender.local")));
  if (context instanceof Response) {
    throw new Error(
      `${pathname} answered a redirect (${context.status}); it cannot be pre-rendered`,
    );
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, status: context.statusCode };
}
