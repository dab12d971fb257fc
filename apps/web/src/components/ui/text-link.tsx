import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "@/lib/cn";

export const textLinkClasses =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** An in-app link styled as text. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}
