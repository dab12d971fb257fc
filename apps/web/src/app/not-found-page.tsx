import { paths } from "@hybridge/shared/common/paths";
import { GenericTexts, UiTexts } from "@hybridge/shared/common/texts";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle(GenericTexts.notFound);
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      {/* Decorative (the heading says it), in a colour that still reads at 3:1 (large text). */}
      <p
        aria-hidden="true"
        className="font-bold text-7xl text-brand-600 tracking-tight sm:text-8xl"
      >
        404
      </p>
      <h1 className="mt-2 font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
        {GenericTexts.notFound}
      </h1>
      <p className="mt-3 max-w-md text-slate-600">{UiTexts.notFoundLead}</p>
      <Button asChild className="mt-8">
        <Link to={paths.landing}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {UiTexts.backHome}
        </Link>
      </Button>
    </div>
  );
}
