import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { Check, Copy } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { useCopy } from "../../../lib/use-copy";

/** Copies `text`; the label says 'Copied!' for 2 s (spec section 9), a failure is a toast. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopy();
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void copy(text)}
      aria-label={`${copied ? ProjectsTexts.copied : ProjectsTexts.copy} ${label}`}
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4 text-brand-700" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      <span aria-live="polite">{copied ? ProjectsTexts.copied : ProjectsTexts.copy}</span>
    </Button>
  );
}
