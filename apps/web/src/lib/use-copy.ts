import { CopyTexts } from "@hybridge/shared/common/texts";
import { type RefObject, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { copyText } from "./clipboard";

/**
 * Copies text for a Copy button: `copied` is true for 2 s after a copy (a new copy restarts the
 * 2 s). Browsers give the Clipboard API to secure pages only (https, localhost), so a page opened
 * at a plain-http network address — the README's first step — copies with the older copy command
 * instead. When the browser refuses both, the text as the page shows it (`shown`) is selected for
 * the user to copy by hand, and a toast says so.
 */
export function useCopy(shown: RefObject<HTMLElement | null>): {
  copied: boolean;
  copy: (text: string) => Promise<void>;
} {
  // When the last copy happened, so that a second copy restarts the timer.
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = window.setTimeout(() => setCopiedAt(null), CopyTexts.copyResetMs);
    return () => window.clearTimeout(timer);
  }, [copiedAt]);

  const copy = async (text: string) => {
    if (await copyText(text)) {
      setCopiedAt(Date.now());
      return;
    }
    const element = shown.current;
    if (element) window.getSelection()?.selectAllChildren(element);
    toast.error(element ? CopyTexts.copyByHand : CopyTexts.copyFailed, { id: "copy-failed" });
  };
  return { copied: copiedAt !== null, copy };
}
