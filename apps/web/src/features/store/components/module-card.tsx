import { paths } from "@hybridge/shared/common/paths";
import type { ModuleSummary } from "@hybridge/shared/store/schemas";
import { Link } from "react-router";
import { wrapAnywhere } from "@/components/ui/long-text";
import { ModulePrice } from "./module-price";
import { PlatformIcons } from "./platform-icons";

/**
 * A module in the store's grid (spec: thumbnail, title, platform icons, description, price).
 * The whole card is one link, named by the title.
 */
export function ModuleCard({
  module,
  headingLevel = 2,
}: {
  module: ModuleSummary;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-slate-900/5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="aspect-video overflow-hidden bg-slate-100">
        <img
          src={module.thumbnailUrl}
          alt=""
          loading="lazy"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex items-start justify-between gap-3">
          <Heading className={`font-semibold text-slate-900 leading-snug ${wrapAnywhere}`}>
            <Link
              to={paths.storeModule(module.id)}
              className="focus-visible:outline-none after:absolute after:inset-0 after:content-['']"
            >
              {module.title}
            </Link>
          </Heading>
          <ModulePrice price={module.price} className="shrink-0" />
        </div>
        <p className="line-clamp-3 text-slate-600 text-sm leading-relaxed">{module.description}</p>
        <div className="mt-auto pt-2">
          <PlatformIcons platform={module.platform} withLabel />
        </div>
      </div>
    </article>
  );
}
