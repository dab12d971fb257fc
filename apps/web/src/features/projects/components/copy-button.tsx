import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Button } from "../../../components/ui/button";

const RESET_MS = 2000;

/** Copies `text`; the label says 'Copied!' for 2 s (spec section 9), a failure is a toast. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error(ProjectsTexts.copyFailed);
    }
  };

  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void copy()}
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
