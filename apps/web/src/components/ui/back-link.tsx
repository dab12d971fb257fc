import { UiTexts } from "@hybridge/shared/common/texts";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "@/lib/cn";
import { Button } from "./button";

/** The small "← Back" link above a page's header (or beside its content). */
export function BackLink({
  to,
  children = UiTexts.back,
  className,
}: {
  to: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Button asChild variant="ghost" size="sm" className={cn("-ml-3", className)}>
      <Link to={to}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {children}
      </Link>
    </Button>
  );
}
