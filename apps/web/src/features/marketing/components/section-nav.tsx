import { Languages } from "lucide-react";
import { type MouseEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { cn } from "@/lib/cn";
import type { LandingNavContent } from "../content/types";
import { useScrollEdges } from "../hooks/use-scroll-edges";
import { scrollFadeClass } from "../scroll-edges";
import { keepLinkInView, scrollToSection, watchCurrentSection } from "../scroll-to-section";

/**
 * The landing page's section links, sticky under the top bar. Without JavaScript they are plain
 * anchors; with it they scroll smoothly (scrollToSection) and mark the section in view. On a
 * narrow screen the links scroll sideways, and the side that hides more of them fades out.
 */
export function SectionNav({ label, links, alternate }: LandingNavContent) {
  const [current, setCurrent] = useState<string | null>(null);
  const [listRef, edges] = useScrollEdges<HTMLUListElement>();

  useEffect(
    () =>
      watchCurrentSection(
        links.map((link) => link.id),
        setCurrent,
      ),
    [links],
  );

  // The link of the section being read stays within the visible part of the bar.
  useEffect(() => {
    const list = listRef.current;
    const link = current ? list?.querySelector(`a[href="#${current}"]`) : null;
    if (list && link instanceof HTMLElement) keepLinkInView(list, link);
  }, [current, listRef]);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (scrollToSection(event, id)) setCurrent(id);
  };

  return (
    <nav
      aria-label={label}
      // The public pages' plain script (src/public/) does the same without React.
      data-section-nav=""
      className="sticky top-16 z-30 border-slate-200/80 border-b bg-white/90 backdrop-blur-md supports-[backdrop-filter]:bg-white/75"
    >
      <div className="mx-auto flex h-12 max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <ul
          ref={listRef}
          data-scroll-fade="both"
          className={cn(
            "flex min-w-0 flex-1 items-center gap-1 overflow-x-auto [scrollbar-width:none]",
            scrollFadeClass(edges),
          )}
        >
          {links.map((link) => (
            <li key={link.id} className="shrink-0">
              <a
                href={`#${link.id}`}
                onClick={(event) => go(event, link.id)}
                aria-current={current === link.id ? "location" : undefined}
                // Styled by aria-current, which the plain script sets too.
                className="inline-flex h-8 items-center rounded-full px-3 font-medium text-slate-600 text-sm transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2 aria-[current=location]:bg-brand-50 aria-[current=location]:text-brand-800"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        {alternate && (
          <Link
            to={alternate.to}
            lang={alternate.lang}
            hrefLang={alternate.lang}
            className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3 font-medium text-slate-600 text-sm ring-1 ring-slate-200 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2"
          >
            <Languages aria-hidden="true" className="size-4" />
            {alternate.label}
          </Link>
        )}
      </div>
    </nav>
  );
}
