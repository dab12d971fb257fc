import { MarketingTexts } from "@hybridge/shared/marketing/texts";
import { useRef } from "react";
import { cn } from "@/lib/cn";
import { useScrollEdges } from "../hooks/use-scroll-edges";
import { scrollFadeClass } from "../scroll-edges";
import { CopyButton } from "./copy-button";

/**
 * A code block with its language and a Copy button naming what it copies. Comment lines are
 * dimmed. A long line scrolls sideways: the block takes focus (named, with a ring) so that the
 * keyboard scrolls it too, and the side that hides code fades (the public pages' plain script
 * does the same through `data-scroll-fade`).
 */
export function CodeSnippet({
  code,
  language,
  name,
  className,
}: {
  code: string;
  language: string;
  /** What the code is, e.g. the function it shows: names the block and its Copy button. */
  name: string;
  className?: string;
}) {
  const shown = useRef<HTMLElement>(null);
  const [scrollRef, edges] = useScrollEdges<HTMLPreElement>();
  const lines = code.split("\n").map((text, number) => ({ text, number }));
  return (
    <div
      data-copy-scope=""
      className={cn(
        "overflow-hidden rounded-xl bg-slate-950 ring-1 ring-slate-900/10 has-[pre:focus-visible]:outline-2 has-[pre:focus-visible]:outline-brand-600 has-[pre:focus-visible]:outline-offset-2",
        className,
      )}
    >
      <div className="flex items-center justify-between border-white/10 border-b px-4 py-2">
        <span className="font-mono text-slate-400 text-xs">{language}</span>
        <CopyButton text={code} label={MarketingTexts.copyCodeLabel(name)} shown={shown} />
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a named group of code, not a form's fieldset */}
      <pre
        ref={scrollRef}
        data-scroll-fade="both"
        role="group"
        aria-label={MarketingTexts.codeLabel(name)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must take focus, or keyboard users cannot scroll it
        tabIndex={0}
        className={cn(
          "overflow-x-auto px-4 py-3.5 font-mono text-[0.8125rem] text-slate-100 leading-relaxed focus:outline-none",
          scrollFadeClass(edges),
        )}
      >
        <code ref={shown}>
          {lines.map((line) => (
            <span
              key={line.number}
              className={cn("block", /^\s*(\/\/|#)/.test(line.text) && "text-slate-400")}
            >
              {line.text || " "}
            </span>
          ))}
        </code>
      </pre>
    </div>
  );
}
