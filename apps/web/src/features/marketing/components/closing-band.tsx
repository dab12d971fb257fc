import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { ClosingContent } from "../content/types";

/**
 * The band that closes a landing page: a last word and its button. With an `id` it is a section
 * that the section nav links to, so it takes the focus after that link as LandingSection does.
 */
export function ClosingBand({
  id,
  headingId,
  content,
}: {
  id?: string;
  headingId: string;
  content: ClosingContent;
}) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      tabIndex={id ? -1 : undefined}
      className={cn("bg-brand-800", id && "focus:outline-none")}
    >
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="max-w-2xl">
          <h2 id={headingId} className="font-bold text-2xl text-white tracking-tight sm:text-3xl">
            {content.title}
          </h2>
          <p className="mt-2 text-brand-100">{content.text}</p>
        </div>
        <Button asChild size="lg" variant="secondary">
          <Link to={content.to}>
            {content.cta}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
