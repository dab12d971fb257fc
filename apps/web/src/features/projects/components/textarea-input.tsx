import type { ComponentProps } from "react";
import { useFieldControl } from "../../../components/ui/form-field";
import { cn } from "../../../lib/cn";

const textareaClasses =
  "block min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm shadow-xs transition-colors placeholder:text-slate-400 hover:border-slate-400 focus:border-brand-600 focus:outline-none focus:ring-3 focus:ring-brand-600/20 disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20";

/** A multi-line text input; inside a FormField it takes the field's id and state. */
export function TextareaInput({ className, id, ...props }: ComponentProps<"textarea">) {
  const field = useFieldControl();
  return (
    <textarea
      id={id ?? field?.id}
      aria-describedby={field?.describedBy}
      aria-invalid={field?.invalid || undefined}
      className={cn(textareaClasses, className)}
      {...props}
    />
  );
}
