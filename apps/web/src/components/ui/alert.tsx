import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const tones = {
  error: { box: "border-red-200 bg-red-50 text-red-800", icon: CircleAlert, role: "alert" },
  success: {
    box: "border-brand-200 bg-brand-50 text-brand-900",
    icon: CircleCheck,
    role: "status",
  },
  info: { box: "border-slate-200 bg-slate-50 text-slate-700", icon: Info, role: "status" },
} as const;

/**
 * A message box. Errors are announced as alerts; success and info as a status (polite).
 */
export function Alert({
  tone = "error",
  title,
  className,
  children,
}: {
  tone?: keyof typeof tones;
  title?: string;
  className?: string;
  children?: ReactNode;
}) {
  const { box, icon: Icon, role } = tones[tone];
  return (
    <div
      role={role}
      className={cn("flex gap-3 rounded-lg border px-4 py-3 text-sm", box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4.5 shrink-0" />
      <div className="space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
