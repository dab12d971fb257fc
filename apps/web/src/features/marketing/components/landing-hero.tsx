import { PRODUCT_NAME, paths } from "@hybridge/shared/common/paths";
import { MARKETING_VIDEOS } from "@hybridge/shared/marketing/media";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import type { HeroContent } from "../content/types";
import { VideoFrame } from "./video-frame";

/**
 * The top of a landing page: the product name as its h1, the promise, the buttons to the beta and
 * the docs, key figures if any, and the product tour beside them. `id` is the section's anchor.
 */
export function LandingHero({ id, content }: { id: string; content: HeroContent }) {
  return (
    <section
      id={id}
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-slate-50"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-48 right-0 size-[44rem] rounded-full bg-brand-200/40 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:px-8 lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 font-medium text-brand-800 text-xs ring-1 ring-brand-200">
            <span className="size-1.5 rounded-full bg-brand-600" aria-hidden="true" />
            {content.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-6 font-extrabold text-5xl text-slate-900 tracking-tight sm:text-6xl"
          >
            {PRODUCT_NAME}
          </h1>
          <p className="mt-4 font-semibold text-2xl text-slate-800 leading-snug tracking-tight sm:text-3xl">
            {content.tagline}
          </p>
          <p className="mt-5 max-w-xl text-lg text-slate-600 leading-relaxed">{content.lead}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={paths.beta}>
                {content.primaryCta}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.docs}>{content.secondaryCta}</Link>
            </Button>
          </div>
          {content.stats && (
            <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-slate-200 border-t pt-6">
              {content.stats.map((stat) => (
                <div key={stat.label} className="flex flex-col-reverse gap-1">
                  <dt className="text-slate-600 text-sm leading-snug">{stat.label}</dt>
                  <dd className="font-bold text-2xl text-brand-700 tracking-tight">{stat.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <VideoFrame video={MARKETING_VIDEOS.hero} text={content.video} />
      </div>
    </section>
  );
}
