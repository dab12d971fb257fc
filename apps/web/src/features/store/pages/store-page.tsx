import { paths } from "@hybridge/shared/common/paths";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { PackageOpen, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/spinner";
import { useModules } from "../api/use-modules";
import { ModuleCard } from "../components/module-card";

/** /store: every module, newest first (spec section 2, 'Store'). */
export function StorePage() {
  const modules = useModules();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <PageHeader
        title={StoreTexts.storeTitle}
        description={StoreTexts.storeDescription}
        actions={
          <Button asChild>
            <Link to={paths.addModule}>
              <Plus aria-hidden="true" className="size-4" />
              {StoreTexts.addModule}
            </Link>
          </Button>
        }
      />

      <div className="mt-10">
        {modules.isPending ? (
          <LoadingState label={StoreTexts.loadingStore} />
        ) : modules.isError ? (
          <LoadFailed
            message={StoreTexts.loadFailed}
            onRetry={() => void modules.refetch()}
            retrying={modules.isFetching}
          />
        ) : modules.data.modules.length === 0 ? (
          <EmptyState icon={PackageOpen}>
            <p className="font-medium text-slate-800">{StoreTexts.emptyStore}</p>
          </EmptyState>
        ) : (
          <ul
            aria-label={StoreTexts.modulesListLabel}
            className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
          >
            {modules.data.modules.map((module) => (
              <li key={module.id} className="flex min-w-0">
                <ModuleCard module={module} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
