import { MarketingTexts } from "@hybridge/shared/marketing/texts";
import { Check, Copy } from "lucide-react";
import type { RefObject } from "react";
import { cn } from "../../../lib/cn";
import { useCopy } from "../../../lib/use-copy";

/**
 * Copies `text` to the clipboard. The label reads "Copied!" for 2 s, then "Copy" again (spec
 * section 9). When the browser refuses to copy, `shown` (where the page shows the text) is
 * selected for the user to copy by hand.
 */
export function CopyButton({
  text,
  shown,
  className,
}: {
  text: string;
  shown: RefObject<HTMLElement | null>;
  className?: string;
}) {
  const { copied, copy } = useCopy(shown);

  const Icon = copied ? Check : Copy;
  return (
    <>
      <button
        type="button"
        onClick={() => void copy(text)}
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
