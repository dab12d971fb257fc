import { paths } from "@hybridge/shared/common/paths";
import type { Module, ModuleSummary } from "@hybridge/shared/store/schemas";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { useParams } from "react-router";
import { BackLink } from "@/components/ui/back-link";
import { Card } from "@/components/ui/card";
import { wrapAnywhere } from "@/components/ui/long-text";
import { LoadingState } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useModule } from "../api/use-module";
import { DeleteModuleDialog } from "../components/delete-module-dialog";
import { IntegrateDialog } from "../components/integrate-dialog";
import { ModuleCard } from "../components/module-card";
import { ModuleError } from "../components/module-error";
import { ModulePrice } from "../components/module-price";
import { PlatformIcons } from "../components/platform-icons";

function BackToStore() {
  return <BackLink to={paths.store}>{StoreTexts.backToStore}</BackLink>;
}

function ModuleDetail({ module, similar }: { module: Module; similar: ModuleSummary[] }) {
  useDocumentTitle(module.title);
  return (
    <>
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="overflow-hidden rounded-2xl bg-slate-900 shadow-sm">
          {module.videoUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: demo videos are uploaded without captions
            <video
              controls
              preload="metadata"
              poster={module.thumbnailUrl}
              src={module.videoUrl}
              aria-label={StoreTexts.videoLabel(module.title)}
              className="aspect-video w-full bg-black"
            />
          ) : (
            <img src={module.thumbnailUrl} alt="" className="aspect-video w-full object-cover" />
          )}
        </div>

        <Card className="space-y-5 p-6">
          <h1
            className={`font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl ${wrapAnywhere}`}
          >
            {module.title}
          </h1>
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-3 text-sm">
            <dt className="text-slate-500">{StoreTexts.platformLabel}</dt>
            <dd>
              <PlatformIcons platform={module.platform} withLabel />
            </dd>
            <dt className="text-slate-500">{StoreTexts.priceLabel}</dt>
            <dd>
              <ModulePrice price={module.price} className="text-base" />
            </dd>
          </dl>
          <div className="flex flex-wrap gap-3">
            <IntegrateDialog module={module} />
            {module.canDelete && <DeleteModuleDialog module={module} />}
          </div>
        </Card>
      </div>

      <section aria-labelledby="module-description" className="mt-10 max-w-3xl">
        <h2 id="module-description" className="font-semibold text-lg text-slate-900">
          {StoreTexts.descriptionHeading}
        </h2>
        <p className="mt-3 whitespace-pre-line text-slate-700 leading-relaxed">
          {module.description}
        </p>
      </section>

      {similar.length > 0 && (
        <section aria-labelledby="similar-modules" className="mt-12">
          <h2 id="similar-modules" className="font-semibold text-lg text-slate-900">
            {StoreTexts.similarHeading}
          </h2>
          <ul
            aria-label={StoreTexts.similarHeading}
            className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
          >
            {similar.map((m) => (
              <li key={m.id} className="flex min-w-0">
                <ModuleCard module={m} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** /store/module/:moduleId: one module (spec section 2, 'Module detail'). */
export function ModulePage() {
  const { moduleId = "" } = useParams();
  const query = useModule(moduleId);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      {query.isPending ? (
        <LoadingState label={StoreTexts.loadingModule} />
      ) : query.isError ? (
        <ModuleErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <BackToStore />
          <ModuleDetail module={query.data.module} similar={query.data.similar} />
        </>
      )}
    </div>
  );
}

function ModuleErrorView({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return <ModuleError notFound={notFound} onRetry={onRetry} />;
}
