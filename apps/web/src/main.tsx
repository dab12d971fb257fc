// First: configures zod before any schema module is evaluated.
import "./lib/zod-config";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./app/providers";
import { createAppRouter, loadMatchedRoutes } from "./app/router";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const prerendered = container.hasChildNodes();

// The matched page's chunk first, so that the first render is the page itself: the same tree
// the build pre-rendered (docs/decisions/005-prerendering.md).
let loaded = true;
try {
  await loadMatchedRoutes(window.location.pathname);
} catch (error) {
  // Offline, or a new release replaced the chunk. A pre-rendered page stays as it is, readable;
  // the shell renders, and the router retries and shows its error page with "Reload".
  loaded = false;
  console.error(error);
}
const router = createAppRouter();

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// Pre-rendered pages (/, /fr, /docs…) arrive with their HTML: hydrate it. Every other path gets
// the empty shell (app.html): render from scratch.
if (prerendered) {
  if (loaded) hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
