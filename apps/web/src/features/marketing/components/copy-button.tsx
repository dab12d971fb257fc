import { MarketingTexts } from "@hybridge/shared/marketing/texts";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { cn } from "../../../lib/cn";

/**
 * Copies `text` to the clipboard. The label reads "Copied!" for 2 s, then "Copy" again (spec
 * section 9); a refused clipboard shows the spec's error toast.
 */
export function CopyButton({ text, className }: { text: string; className?: string }) {
  // When the last copy happened: a new copy restarts the 2 s.
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  const copied = copiedAt !== null;

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = window.setTimeout(() => setCopiedAt(null), MarketingTexts.copyResetMs);
    return () => window.clearTimeout(timer);
  }, [copiedAt]);

  const copy = async () => {
    try {
      // navigator.clipboard is missing outside secure contexts: that fails here too.
      await navigator.clipboard.writeText(text);
      setCopiedAt(Date.now());
    } catch {
      toast.error(MarketingTexts.copyFailed);
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        className={cn(
          "inline-flex h-7 items-center gap-1.5 rounded-md px-2 font-medium text-xs transition-colors focus-visible:outline-2 focus-visible:outline-brand-400 focus-visible:outline-offset-2",
          copied
            ? "bg-brand-500/20 text-brand-200"
            : "bg-white/10 text-slate-200 hover:bg-white/20 hover:text-white",
          className,
        )}
      >
        <Icon aria-hidden="true" className="size-3.5" />
        {copied ? MarketingTexts.copied : MarketingTexts.copy}
      </button>
      {/* Announces the copy: a label change alone is not read out. */}
      <span role="status" className="sr-only">
        {copied ? MarketingTexts.copied : ""}
      </span>
    </>
  );
}
