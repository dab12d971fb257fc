import { PRODUCT_NAME, paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "@/components/ui/button";
import { LogoMark } from "@/components/ui/logo";
import { useDocumentTitle } from "@/lib/use-document-title";
import { NotFoundPage } from "./not-found-page";

function ErrorView() {
  const error = useRouteError();
  useDocumentTitle(UiTexts.errorTitle);
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 font-bold text-2xl text-slate-900 tracking-tight">
        {UiTexts.errorTitle}
      </h1>
      <p className="mt-3 max-w-md text-slate-600">{UiTexts.errorLead}</p>
      {import.meta.env.DEV && error instanceof Error && (
        <pre className="mt-6 max-w-2xl overflow-auto rounded-lg bg-slate-900 p-4 text-left text-slate-100 text-xs">
          {error.stack ?? error.message}
        </pre>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {UiTexts.reload}
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.landing} reloadDocument>
            {UiTexts.backHome}
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** A page failed: the message shows inside the layout, top bar and footer stay. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorView />;
}

/** The layout itself failed: a page of its own. */
export function RootErrorPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6 lg:px-8">
          <a
            href={paths.landing}
            className="flex items-center gap-2.5 font-bold text-lg text-slate-900"
          >
            <LogoMark />
            {PRODUCT_NAME}
          </a>
        </div>
      </header>
      <main className="flex flex-1 flex-col">
        <RouteErrorPage />
      </main>
    </div>
  );
}
