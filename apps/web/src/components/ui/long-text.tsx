import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/*
 * Users' own texts — project names, app codes (no spaces to wrap at), e-mails, module titles — can
 * be far longer than the room a screen gives them. Every screen that shows one uses one of these
 * two, so that nothing pushes the page sideways and the whole text stays within reach.
 */

/**
 * One line cut with an ellipsis, the whole text in the tooltip (`title`): for cards, lists and
 * menus, where lines must line up. A flex or grid parent must let it shrink (`min-w-0`).
 */
export function TruncatedText({
  text,
  as: Tag = "span",
  className,
  ...props
}: { text: string; as?: "span" | "code" } & Omit<ComponentProps<"span">, "children" | "title">) {
  return (
    <Tag title={text} className={cn("block min-w-0 truncate", className)} {...props}>
      {text}
    </Tag>
  );
}

/** For headings and details: the text wraps, mid-word if it must, and shows whole. */
export const wrapAnywhere = "min-w-0 wrap-anywhere";
