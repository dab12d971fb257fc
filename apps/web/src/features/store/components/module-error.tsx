import { paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { ArrowLeft, PackageX, RefreshCw, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * The module page's error view (spec sections 2 and 8): an unknown module, or any other
 * failure, with the way back to the store.
 */
export function ModuleError({ notFound, onRetry }: { notFound: boolean; onRetry?: () => void }) {
  const message = notFound ? StoreTexts.moduleNotFound : StoreTexts.loadFailed;
  const Icon = notFound ? PackageX : TriangleAlert;
  useDocumentTitle(message);
  return (
    <div className="flex flex-col items-center px-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <div role="alert">
        <h1 className="mt-5 max-w-lg font-bold text-2xl text-slate-900 tracking-tight">
          {message}
        </h1>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.store}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {StoreTexts.backToStore}
          </Link>
        </Button>
        {!notFound && onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {UiTexts.tryAgain}
          </Button>
        )}
      </div>
    </div>
  );
}
