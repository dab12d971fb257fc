/**
 * Keeps the keyboard focus from falling to the page's body when the focused control goes away:
 * a dialog whose trigger was replaced (Publish → "Published"), a button removed with its row, a
 * form left for the next page after signing in. The focus then moves to what took the control's
 * place: a status or alert shown there, else the nearest control still on the page, else the
 * page's heading (WCAG 2.4.3; issue 28, docs/decisions/060-fresh-machine-and-a11y.md).
 */

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** How long the focus may stay on the body before it is moved: long enough for a dialog's own return. */
const SETTLE_MS = 100;

/** The element and its ancestors, nearest first: where to look once it is gone. */
export function focusPath(element: Element | null): Element[] {
  const path: Element[] = [];
  for (let node = element; node && node !== document.body; node = node.parentElement) {
    path.push(node);
  }
  return path;
}

const isShown = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.width > 1 && box.height > 1 && !element.closest("[hidden], [inert]");
};

/** Whether the focus is nowhere (the body) or on something that can no longer hold it. */
const isFocusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body;
};

function focusElement(element: HTMLElement) {
  if (!element.matches(TABBABLE) && !element.hasAttribute("tabindex")) {
    element.setAttribute("tabindex", "-1");
  }
  element.focus();
}

/** The page's heading, or the main region itself. */
function pageHeading(): HTMLElement | null {
  const main = document.querySelector<HTMLElement>("main");
  return main?.querySelector<HTMLElement>("h1") ?? main;
}

/**
 * Moves the focus near where `path`'s element was: in its nearest ancestor still on the page, a
 * status or alert shown there, else its first control, else the page's heading.
 */
export function focusNear(path: readonly Element[]) {
  const place = path.find((element) => element.isConnected);
  const inPage =
    place && place !== document.body && !place.contains(document.querySelector("main"));
  if (place instanceof HTMLElement && inPage) {
    const candidates = [
      ...place.querySelectorAll<HTMLElement>('[role="status"], [role="alert"]'),
    ].filter((element) => isShown(element) && element.textContent?.trim());
    const control = [...place.querySelectorAll<HTMLElement>(TABBABLE)].find(isShown);
    const target = candidates[0] ?? control;
    if (target) {
      focusElement(target);
      return;
    }
  }
  const heading = pageHeading();
  if (heading) focusElement(heading);
}

/**
 * Watches the page: when the focused element is removed and nothing else took the focus, moves it
 * with `focusNear`; when it was only disabled or hidden for a while (a busy button), gives it the
 * focus back once it is usable again. Returns the function that stops watching.
 */
export function keepFocus(): () => void {
  let lastPath: Element[] = [];
  let timer: number | undefined;

  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Element) lastPath = focusPath(event.target);
  };
  // A click on the page's background takes the focus away on purpose: nothing to keep.
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target;
    queueMicrotask(() => {
      if (left === lastPath[0] && left instanceof Element && left.isConnected && isFocusLost()) {
        if (document.hasFocus()) lastPath = [];
      }
    });
  };
  const check = () => {
    timer = undefined;
    const lost = lastPath[0];
    if (!lost || !isFocusLost()) return;
    if (!lost.isConnected) {
      focusNear(lastPath);
    } else if (lost instanceof HTMLElement && !lost.matches(":disabled") && isShown(lost)) {
      // Back from a busy state (a button disabled while its action ran): the focus returns.
      lost.focus();
    }
    // Still there but disabled or hidden: wait for the next change, which says which it became.
  };
  const observer = new MutationObserver(() => {
    if (timer === undefined && lastPath.length > 0 && isFocusLost()) {
      timer = window.setTimeout(check, SETTLE_MS);
    }
  });
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("focusout", onFocusOut);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["disabled", "hidden", "inert", "class", "style"],
  });
  return () => {
    document.removeEventListener("focusin", onFocusIn);
    document.removeEventListener("focusout", onFocusOut);
    observer.disconnect();
    window.clearTimeout(timer);
  };
}
