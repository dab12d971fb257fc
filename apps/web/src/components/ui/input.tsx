import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { useFieldControl } from "./form-field";

export const inputClasses =
  "block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 text-sm shadow-xs transition-colors placeholder:text-slate-500 hover:border-slate-400 focus:border-brand-600 focus:outline-none focus:ring-3 focus:ring-brand-600/20 disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20";

/** A text input; inside a FormField it takes the field's id, description and validity. */
export function Input({ className, id, ...props }: ComponentProps<"input">) {
  const field = useFieldControl();
  return (
    <input
      id={id ?? field?.id}
      aria-describedby={field?.describedBy}
      aria-invalid={field?.invalid || undefined}
      className={cn(inputClasses, className)}
      {...props}
    />
  );
}
