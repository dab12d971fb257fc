// First: configures zod before any schema module is evaluated.
import "./lib/zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./app/providers";
import { createAppRouter, loadMatchedRoutes } from "./app/router";
import "./index.css";
import { keepFocus } from "./lib/focus-keeper";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The matched page's chunk first, so that the first render is the page itself, not a loading
// state. The pre-rendered public pages do not load this app at all: they run src/public/
// (docs/decisions/025-public-pages-without-hydration.md).
try {
  await loadMatchedRoutes(window.location.pathname);
} catch (error) {
  // Offline, or a new release replaced the chunk: the shell renders, and the router retries and
  // shows its error page with "Reload".
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

createRoot(container).render(app);
// The focus never falls to the body when the focused control goes away (lib/focus-keeper.ts).
keepFocus();
