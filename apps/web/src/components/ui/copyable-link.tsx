import { type ComponentProps, useRef } from "react";
import { CopyButton } from "./copy-button";

/**
 * A link written out in full (it breaks anywhere on a narrow screen) with its Copy button under
 * it; `label` names what is copied. Extra props (a `data-*` marker) go on the link's text.
 */
export function CopyableLink({
  link,
  label,
  ...props
}: Omit<ComponentProps<"span">, "ref" | "className" | "children"> & {
  link: string;
  label: string;
}) {
  // The text the browser selects when it refuses to copy, for the user to copy by hand.
  const shown = useRef<HTMLElement>(null);
  return (
    <>
      {/* Not a <code>: the test console's one code element, found by its role, is the app key. */}
      <span ref={shown} {...props} className="block break-all font-mono text-slate-900 text-xs">
        {link}
      </span>
      <CopyButton text={link} label={label} shown={shown} />
    </>
  );
}
