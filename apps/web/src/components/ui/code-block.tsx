import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * Preformatted code that may scroll sideways (a long command, a snippet on a phone). It takes
 * focus, with a name and a ring, so that the keyboard can scroll it too (WCAG 2.1.1; axe-core's
 * scrollable-region-focusable).
 */
export function CodeBlock({
  label,
  className,
  ...props
}: Omit<ComponentProps<"pre">, "tabIndex" | "role" | "aria-label"> & {
  /** What the code is, read out when the block takes focus. */
  label: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of code, not a form's fieldset
    <pre
      role="group"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must take focus, or keyboard users cannot scroll it
      tabIndex={0}
      className={cn(
        "focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2",
        className,
      )}
      {...props}
    />
  );
}
