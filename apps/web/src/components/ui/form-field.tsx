import { CircleAlert } from "lucide-react";
import { createContext, type ReactNode, useContext, useId } from "react";
import { cn } from "@/lib/cn";
import { Label } from "./label";

type FieldContextValue = { id: string; describedBy: string | undefined; invalid: boolean };

const FieldContext = createContext<FieldContextValue | null>(null);

/** The id, description and validity of the field an input sits in (for Input and friends). */
export function useFieldControl(): FieldContextValue | null {
  return useContext(FieldContext);
}

/** Inline error text, announced as an alert. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="flex items-start gap-1.5 text-red-700 text-sm">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/**
 * A visible label, the control (an Input inside reads the ids from context), an optional hint
 * and the field's error.
 */
export function FormField({
  label,
  error,
  invalid = false,
  hint,
  hintLive = false,
  labelAside,
  className,
  children,
}: {
  label: string;
  error?: string | undefined;
  /** Marks the control invalid without a message of its own (the form shows one). */
  invalid?: boolean;
  hint?: ReactNode;
  /** The hint changes as the user types (e.g. "available"): screen readers read it out. */
  hintLive?: boolean;
  /** Shown at the end of the label row (e.g. a "Forgot your password?" link). */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <FieldContext value={{ id, describedBy, invalid: invalid || Boolean(error) }}>
        {children}
      </FieldContext>
      {hint && !error && (
        <p
          id={hintId}
          aria-live={hintLive ? "polite" : undefined}
          className="text-slate-500 text-sm"
        >
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
