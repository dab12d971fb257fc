import { useRef } from "react";
import { cn } from "@/lib/cn";
import { CopyButton } from "./copy-button";

/** A code block with its language and a Copy button. Comment lines are dimmed. */
export function CodeSnippet({
  code,
  language,
  className,
}: {
  code: string;
  language: string;
  className?: string;
}) {
  const shown = useRef<HTMLElement>(null);
  const lines = code.split("\n").map((text, number) => ({ text, number }));
  return (
    <div
      data-copy-scope=""
      className={cn("overflow-hidden rounded-xl bg-slate-950 ring-1 ring-slate-900/10", className)}
    >
      <div className="flex items-center justify-between border-white/10 border-b px-4 py-2">
        <span className="font-mono text-slate-400 text-xs">{language}</span>
        <CopyButton text={code} shown={shown} />
      </div>
      <pre className="overflow-x-auto px-4 py-3.5 font-mono text-[0.8125rem] text-slate-100 leading-relaxed">
        <code ref={shown}>
          {lines.map((line) => (
            <span
              key={line.number}
              className={cn("block", /^\s*(\/\/|#)/.test(line.text) && "text-slate-500")}
            >
              {line.text || " "}
            </span>
          ))}
        </code>
      </pre>
    </div>
  );
}
