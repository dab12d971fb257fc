import { formatModulePrice } from "@hybridge/shared/store/price";
import { cn } from "@/lib/cn";

/** A module's price: 'Free' for 0, otherwise euros in French format. */
export function ModulePrice({ price, className }: { price: number; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 font-semibold text-sm tabular-nums",
        price === 0 ? "bg-brand-50 text-brand-800" : "bg-slate-900 text-white",
        className,
      )}
    >
      {formatModulePrice(price)}
    </span>
  );
}
