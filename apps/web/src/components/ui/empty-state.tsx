import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Card } from "./card";

const TONES = {
  brand: "bg-brand-50 text-brand-700",
  muted: "bg-slate-100 text-slate-500",
  warning: "bg-amber-50 text-amber-700",
} as const;

/**
 * A centred card in place of content that is not there: an empty list (dashed), a page that is
 * not for this user or not found (solid). An icon in a round tile heads the card's `children`.
 */
export function EmptyState({
  icon: Icon,
  tone = "brand",
  dashed = true,
  className,
  children,
}: {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  dashed?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card
      className={cn(
        "flex flex-col items-center gap-3 px-6 py-14 text-center",
        dashed && "border-dashed",
        className,
      )}
    >
      <span className={cn("flex size-12 items-center justify-center rounded-full", TONES[tone])}>
        <Icon aria-hidden="true" className="size-6" />
      </span>
      {children}
    </Card>
  );
}
