import { AuthTexts } from "@hybridge/shared/auth/texts";
import { UiTexts } from "@hybridge/shared/common/texts";
import { RefreshCw } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** The session could not be loaded (network or server down). */
export function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <Alert title={AuthTexts.sessionCheckFailed}>
        <p>{AuthTexts.sessionCheckHint}</p>
      </Alert>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {UiTexts.tryAgain}
      </Button>
    </div>
  );
}
