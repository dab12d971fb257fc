import { UiTexts } from "@hybridge/shared/common/texts";
import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";

/** A decorative spinning icon; the element around it says what is loading. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn("size-5 animate-spin", className)} />;
}

/** A page-level loading indicator, announced as a status named by `label`. */
export function LoadingState({
  label = UiTexts.loading,
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-label={label}
      className={cn("flex min-h-48 items-center justify-center text-brand-600", className)}
    >
      <Spinner className="size-8" />
    </div>
  );
}
