import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { PageHeader } from "./page-header";

/**
 * A page whose screen arrives in a later release: its title, what it will do, and nothing that
 * pretends to be data.
 */
export function ComingSoon({
  title,
  description,
  lang,
}: {
  title: string;
  description: ReactNode;
  /** Language of the title and description when not English. */
  lang?: string;
}) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <div lang={lang}>
        <PageHeader title={title} description={description} />
      </div>
      <EmptyState icon={Construction} className="mt-8">
        <p className="font-medium text-slate-800">This screen is on its way.</p>
        <p className="max-w-md text-slate-500 text-sm">It arrives with an upcoming release.</p>
      </EmptyState>
    </div>
  );
}
