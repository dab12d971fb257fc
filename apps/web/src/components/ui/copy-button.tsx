import { CopyTexts } from "@hybridge/shared/common/texts";
import { Check, Copy } from "lucide-react";
import type { RefObject } from "react";
import { useCopy } from "@/lib/use-copy";
import { Button } from "./button";

/**
 * Copies `text`; the label says 'Copied!' for 2 s (spec section 9). When the browser refuses to
 * copy, `shown` (where the page shows the text) is selected for the user to copy by hand.
 */
export function CopyButton({
  text,
  label,
  shown,
}: {
  text: string;
  label: string;
  shown: RefObject<HTMLElement | null>;
}) {
  const { copied, copy } = useCopy(shown);
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void copy(text)}
      aria-label={`${copied ? CopyTexts.copied : CopyTexts.copy} ${label}`}
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4 text-brand-700" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      <span aria-live="polite">{copied ? CopyTexts.copied : CopyTexts.copy}</span>
    </Button>
  );
}
