import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { useFieldControl } from "../../../components/ui/form-field";
import { inputClasses } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";

/** A native select styled like Input; inside a FormField it takes the field's id and state. */
export function SelectInput({ className, id, children, ...props }: ComponentProps<"select">) {
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
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
