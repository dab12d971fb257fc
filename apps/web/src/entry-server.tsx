// Build-time renderer for the public pages (scripts/build.mjs). Not part of the browser bundle.
import "./lib/zod-config";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { routePathList, routes } from "./app/router";
import { prerenderedPages } from "./features/marketing/content/prerendered-pages";
import { StaticPageContext } from "./lib/static-page";

export { prerenderedPages, routePathList };

/**
 * Renders one page path to HTML: signed-out session still loading, no toasts, and for the page's
 * plain script (src/public/) the cookie banner and the signed-in top bar as `<template>`s. The
 * page is not hydrated (docs/decisions/025-public-pages-without-hydration.md), so no hydration
 * data is written.
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
      <StaticPageContext value={true}>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StaticPageContext>
    </StrictMode>,
  );
  return { html, status: context.statusCode };
}
