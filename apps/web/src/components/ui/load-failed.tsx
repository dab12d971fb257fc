import { UiTexts } from "@hybridge/shared/common/texts";
import { RefreshCw } from "lucide-react";
import { cn } from "@/lib/cn";
import { Alert } from "./alert";
import { Button } from "./button";

/**
 * What a screen shows when its data could not be loaded: the message, announced as an alert, and
 * a button that loads it again (busy while it does).
 */
export function LoadFailed({
  message,
  onRetry,
  retrying = false,
  retryLabel = UiTexts.tryAgain,
  size,
  className,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  retryLabel?: string;
  size?: "sm";
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-start gap-3", className)}>
      <Alert className="w-full">{message}</Alert>
      <Button variant="secondary" size={size} loading={retrying} onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {retryLabel}
      </Button>
    </div>
  );
}
