import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * The centred card of the pages an app user's mailed link opens: icon, h1, lead and body. They
 * speak for the app (its name in the title), not for the console: no sign-in, no console link.
 */
export function AppAuthLayout({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md motion-safe:animate-slide-up">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-brand-700/30 shadow-lg">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight">{title}</h1>
          {description && <p className="mt-2 text-slate-600 text-sm">{description}</p>}
        </div>
        <Card className="p-6 sm:p-8">{children}</Card>
      </div>
    </div>
  );
}
