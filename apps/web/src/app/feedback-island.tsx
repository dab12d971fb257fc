// The Feedback dialog on a public page (docs/decisions/025-public-pages-without-hydration.md).
// The public pages carry no React; their plain script imports this module when the top bar's
// Feedback button is first used (src/public/feedback.ts) — the build names its file in the page.
// It is an entry of the app's build, so it shares the console's chunks (React, the providers).
import "@/lib/zod-config";
import { lazy, StrictMode, Suspense, useEffect, useMemo, useState } from "react";
import { createRoot } from "react-dom/client";
import { MemoryRouter, useLocation } from "react-router";
import { AppProviders } from "./providers";

// Loaded apart, as in the console's top bar: its chunk (and Radix Dialog) is the console's own,
// shared, and none of it joins the console's first load through this entry.
const FeedbackDialog = lazy(() =>
  import("@/features/feedback/components/feedback-dialog").then((module) => ({
    default: module.FeedbackDialog,
  })),
);

/** Opens the dialog again once it has been mounted. */
let reopen: (() => void) | null = null;

/** Opens the feedback dialog; closing it gives the focus back to `button`. */
export function openFeedback(button: HTMLElement) {
  if (reopen) {
    reopen();
    return;
  }
  const container = document.createElement("div");
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <MemoryRouter initialEntries={[window.location.pathname]}>
          <FullPageNavigation />
          <FeedbackIsland button={button} />
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
}

function FeedbackIsland({ button }: { button: HTMLElement }) {
  const [open, setOpen] = useState(true);
  const returnFocus = useMemo(() => ({ current: button }), [button]);
  useEffect(() => {
    reopen = () => setOpen(true);
  }, []);
  useEffect(() => {
    button.setAttribute("aria-expanded", String(open));
  }, [button, open]);
  return (
    <Suspense fallback={null}>
      <FeedbackDialog open={open} onOpenChange={setOpen} returnFocus={returnFocus} />
    </Suspense>
  );
}

/** A link inside the dialog (log in, the feedback page) leaves the public page: a full load. */
function FullPageNavigation() {
  const location = useLocation();
  useEffect(() => {
    if (location.key === "default") return;
    window.location.assign(`${location.pathname}${location.search}${location.hash}`);
  }, [location]);
  return null;
}
