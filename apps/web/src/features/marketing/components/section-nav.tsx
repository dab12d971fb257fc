import { Languages } from "lucide-react";
import { type MouseEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";
import type { LandingNavContent } from "../content/types";
import { scrollFadeClass, useScrollEdges } from "../hooks/use-scroll-edges";

function prefersReducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * Follows an in-page link smoothly (unless the visitor asked for reduced motion) and moves the
 * focus into the target, so that the next Tab continues there. Returns false when it left the
 * click to the browser (modifier keys, unknown target).
 */
export function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string): boolean {
  const section = document.getElementById(id);
  if (!section || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
    return false;
  }
  event.preventDefault();
  section.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  section.focus({ preventScroll: true });
  // The address shows the section (to share it) without a router navigation, which would
  // jump there instantly and cut the smooth scroll short.
  window.history.replaceState(window.history.state, "", `#${id}`);
  return true;
}

/**
 * The landing page's section links, sticky under the top bar. Without JavaScript they are plain
 * anchors; with it they scroll smoothly (scrollToSection) and mark the section in view. On a
 * narrow screen the links scroll sideways, and the side that hides more of them fades out.
 */
export function SectionNav({ label, links, alternate }: LandingNavContent) {
  const [current, setCurrent] = useState<string | null>(null);
  const [listRef, edges] = useScrollEdges<HTMLUListElement>();

  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const sections = links
      .map((link) => document.getElementById(link.id))
      .filter((section): section is HTMLElement => section !== null);
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.set(entry.target.id, entry.boundingClientRect.top);
          else visible.delete(entry.target.id);
        }
        // The topmost section in the band below the bars is the one being read.
        const top = [...visible.entries()].sort((a, b) => a[1] - b[1])[0];
        setCurrent(top ? top[0] : null);
      },
      { rootMargin: "-120px 0px -55% 0px" },
    );
    for (const section of sections) observer.observe(section);
    return () => observer.disconnect();
  }, [links]);

  // The link of the section being read stays within the visible part of the bar.
  useEffect(() => {
    const list = listRef.current;
    const link = current ? list?.querySelector(`a[href="#${current}"]`) : null;
    if (!list || !(link instanceof HTMLElement)) return;
    const start = link.offsetLeft - list.offsetLeft;
    const end = start + link.offsetWidth;
    const margin = 40; // clear of the fade
    if (start >= list.scrollLeft + margin && end <= list.scrollLeft + list.clientWidth - margin) {
      return;
    }
    list.scrollTo({
      left: Math.max(0, start - margin),
      behavior: prefersReducedMotion() ? "auto" : "smooth",
    });
  }, [current, listRef]);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (scrollToSection(event, id)) setCurrent(id);
  };

  return (
    <nav
      aria-label={label}
      className="sticky top-16 z-30 border-slate-200/80 border-b bg-white/90 backdrop-blur-md supports-[backdrop-filter]:bg-white/75"
    >
      <div className="mx-auto flex h-12 max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <ul
          ref={listRef}
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
                className={cn(
                  "inline-flex h-8 items-center rounded-full px-3 font-medium text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2",
                  current === link.id
                    ? "bg-brand-50 text-brand-800"
                    : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                )}
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
