import { CopyTexts } from "@hybridge/shared/common/texts";
import { copyText } from "@/lib/clipboard";
import { showToast } from "./toast";

/** Each button's pending "back to Copy" timer: a second copy restarts the 2 s. */
const resets = new WeakMap<HTMLElement, number>();

/**
 * A click on a Copy button (features/marketing/components/copy-button.tsx): copies its
 * `data-copy-text`; the label reads "Copied!" for 2 s (spec section 9). When the browser refuses,
 * the snippet is selected for copying by hand and a toast says so. True when it was one.
 */
export function copyOnClick(target: Element): boolean {
  const button = target.closest<HTMLElement>("button[data-copy-text]");
  if (!button) return false;
  void copy(button, button.dataset.copyText ?? "");
  return true;
}

async function copy(button: HTMLElement, text: string) {
  if (!(await copyText(text))) {
    const shown = button.closest("[data-copy-scope]")?.querySelector("code");
    if (shown) window.getSelection()?.selectAllChildren(shown);
    showToast(shown ? CopyTexts.copyByHand : CopyTexts.copyFailed);
    return;
  }
  setCopied(button, true);
  window.clearTimeout(resets.get(button));
  resets.set(
    button,
    window.setTimeout(() => setCopied(button, false), CopyTexts.copyResetMs),
  );
}

function setCopied(button: HTMLElement, copied: boolean) {
  button.toggleAttribute("data-copied", copied);
  const label = button.querySelector("[data-copy-label]");
  if (label) label.textContent = copied ? CopyTexts.copied : CopyTexts.copy;
  // The status beside the button announces the copy: a label change alone is not read out.
  const status = button.nextElementSibling;
  if (status?.hasAttribute("data-copy-status")) {
    status.textContent = copied ? CopyTexts.copied : "";
  }
}
