import { CopyTexts } from "@hybridge/shared/common/copy";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";

/**
 * Copies text to the clipboard: `copied` is true for 2 s after a copy (a new copy restarts the
 * 2 s), and a refused clipboard shows the spec's error toast.
 */
export function useCopy(): { copied: boolean; copy: (text: string) => Promise<void> } {
  // When the last copy happened, so that a second copy restarts the timer.
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = window.setTimeout(() => setCopiedAt(null), CopyTexts.copyResetMs);
    return () => window.clearTimeout(timer);
  }, [copiedAt]);

  const copy = async (text: string) => {
    try {
      // navigator.clipboard is missing outside secure contexts: that fails here too.
      await navigator.clipboard.writeText(text);
      setCopiedAt(Date.now());
    } catch {
      toast.error(CopyTexts.copyFailed);
    }
  };
  return { copied: copiedAt !== null, copy };
}
