import { HEX_COLOR_PATTERN } from "@hybridge/shared/common/fields";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";

/** A hex colour typed as text, with a swatch of the colour once it is valid. */
export function ColorInput({ value, ...props }: ComponentProps<"input"> & { value: string }) {
  const valid = HEX_COLOR_PATTERN.test(value.trim());
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="absolute top-1/2 left-2.5 size-5 -translate-y-1/2 rounded-md ring-1 ring-slate-300 ring-inset"
        style={valid ? { backgroundColor: value.trim() } : undefined}
      />
      <Input
        {...props}
        value={value}
        spellCheck={false}
        autoComplete="off"
        placeholder={ProjectsTexts.colorPlaceholder}
        className="pl-10 font-mono uppercase"
      />
    </div>
  );
}
