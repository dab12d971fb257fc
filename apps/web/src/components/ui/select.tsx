import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { useFieldControl } from "./form-field";
import { inputClasses } from "./input";

export type SelectOption = { value: string; label: string };

/**
 * A native select styled like Input; inside a FormField it takes the field's id, description
 * and validity. Native, so it is keyboard- and screen-reader-friendly without extra code. Give
 * it `options`, or `<option>` children.
 */
export function Select({
  className,
  id,
  options,
  children,
  ...props
}: ComponentProps<"select"> & { options?: ReadonlyArray<SelectOption> }) {
  const field = useFieldControl();
  return (
    <div className="relative">
      <select
        id={id ?? field?.id}
        aria-describedby={field?.describedBy}
        aria-invalid={field?.invalid || undefined}
        className={cn(inputClasses, "appearance-none pr-10", className)}
        {...props}
      >
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
