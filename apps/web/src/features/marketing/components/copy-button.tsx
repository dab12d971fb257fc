import { MarketingTexts } from "@hybridge/shared/marketing/texts";
import { Check, Copy } from "lucide-react";
import type { RefObject } from "react";
import { cn } from "@/lib/cn";
import { useCopy } from "@/lib/use-copy";

/**
 * Copies `text` to the clipboard. The label reads "Copied!" for 2 s, then "Copy" again (spec
 * section 9). When the browser refuses to copy, `shown` (where the page shows the text) is
 * selected for the user to copy by hand.
 *
 * Its look follows `data-copied` and its words are in `data-copy-label` and the status: the
 * public pages' plain script (src/public/copy-buttons.ts) drives the same markup without React,
 * copying `data-copy-text` and selecting the `code` of the enclosing `data-copy-scope`.
 */
export function CopyButton({
  text,
  label,
  shown,
  className,
}: {
  text: string;
  /** Its name for screen readers when the page has several: what it copies, "Copy" first. */
  label?: string;
  shown: RefObject<HTMLElement | null>;
  className?: string;
}) {
  const { copied, copy } = useCopy(shown);

  return (
    <>
      <button
        type="button"
        data-copy-text={text}
        aria-label={label}
        data-copied={copied ? "" : undefined}
        onClick={() => void copy(text)}
        className={cn(
          "group inline-flex h-7 items-center gap-1.5 rounded-md bg-white/10 px-2 font-medium text-slate-200 text-xs transition-colors hover:bg-white/20 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400 focus-visible:outline-offset-2 data-copied:bg-brand-500/20 data-copied:text-brand-200",
          className,
        )}
      >
        <Copy aria-hidden="true" className="size-3.5 group-data-copied:hidden" />
        <Check aria-hidden="true" className="hidden size-3.5 group-data-copied:block" />
        <span data-copy-label="">{copied ? MarketingTexts.copied : MarketingTexts.copy}</span>
      </button>
      {/* Announces the copy: a label change alone is not read out. */}
      <span role="status" data-copy-status="" className="sr-only">
        {copied ? MarketingTexts.copied : ""}
      </span>
    </>
  );
}
