import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { useFieldControl } from "./form-field";
import { inputClasses } from "./input";

/** A multi-line Input; inside a FormField it takes the field's id, description and validity. */
export function Textarea({ className, id, ...props }: ComponentProps<"textarea">) {
  const field = useFieldControl();
  return (
    <textarea
      id={id ?? field?.id}
      aria-describedby={field?.describedBy}
      aria-invalid={field?.invalid || undefined}
      className={cn(inputClasses, "h-auto min-h-20 resize-y py-2 leading-relaxed", className)}
      {...props}
    />
  );
}
