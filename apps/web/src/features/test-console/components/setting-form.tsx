import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { CircleAlert, CircleCheck } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { FlashStatus } from "./use-flash-status";

/**
 * One of the console's small forms: its field, its own 'Change' button and its own status
 * message. The status region is always in the page so that screen readers announce changes.
 */
export function SettingForm({
  label,
  onSubmit,
  submitting,
  status,
  children,
}: {
  /** Names the form (role "form") for assistive technology. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  status: FlashStatus;
  children: ReactNode;
}) {
  return (
    <Card className="p-5">
      <form noValidate aria-label={label} onSubmit={onSubmit} className="space-y-3">
        {children}
        <div className="flex min-h-10 flex-wrap items-center gap-3">
          <Button type="submit" loading={submitting}>
            {TestConsoleTexts.change}
          </Button>
          <p role="status" className="text-sm">
            {status === "success" && (
              <span className="inline-flex items-center gap-1.5 font-medium text-brand-800">
                <CircleCheck aria-hidden="true" className="size-4" />
                {TestConsoleTexts.updated}
              </span>
            )}
          </p>
          {status === "failure" && (
            <p
              role="alert"
              className="inline-flex items-center gap-1.5 font-medium text-red-700 text-sm"
            >
              <CircleAlert aria-hidden="true" className="size-4" />
              {TestConsoleTexts.updateFailed}
            </p>
          )}
        </div>
      </form>
    </Card>
  );
}
