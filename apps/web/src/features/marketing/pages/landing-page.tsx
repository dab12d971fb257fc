import type { ReactNode } from "react";
import { DevAppDownload } from "@/components/dev-app/dev-app-download";
import { CodeBlock } from "@/components/ui/code-block";
import { cn } from "@/lib/cn";
import { CheckList } from "../components/check-list";
import { ClosingBand } from "../components/closing-band";
import { ComparisonTable } from "../components/comparison-table";
import { FeatureGrid } from "../components/feature-grid";
import { FeatureSection } from "../components/feature-section";
import { LandingHero } from "../components/landing-hero";
import { PartnerLogos } from "../components/partner-logos";
import { PricingCards } from "../components/pricing-cards";
import { LandingSection, SectionHeading } from "../components/section-heading";
import { SectionNav } from "../components/section-nav";
import {
  closing,
  comparison,
  comparisonSection,
  hero,
  landingMeta,
  landingNav,
  landingSections,
  packageSection,
  pricing,
  resources,
  solution,
  target,
  trustedBy,
  why,
} from "../content/en/landing";
import { usePageMeta } from "../hooks/use-page-meta";

/** The English landing page: its sections in the order of spec section 2. */
export function LandingPage() {
  usePageMeta(landingMeta);
  return (
    <>
      <SectionNav {...landingNav} />
      <LandingHero id="hero" content={hero} />
      <Why />
      <FeatureSection
        id={landingSections.package}
        labelledBy="package-title"
        content={packageSection}
      />
      <Resources />
      <Target />
      <Solution />
      <LandingSection
        id={landingSections.comparison}
        labelledBy="comparison-title"
        heading={comparisonSection}
        className="bg-white"
      >
        <ComparisonTable content={comparison} />
      </LandingSection>
      <LandingSection id={landingSections.pricing} labelledBy="pricing-title" heading={pricing}>
        <PricingCards addOnLabel={pricing.addOnLabel} />
      </LandingSection>
      <LandingSection
        id={landingSections.trustedBy}
        labelledBy="trusted-by-title"
        heading={trustedBy}
        compact
        className="border-slate-200 border-t bg-white"
      >
        <PartnerLogos />
      </LandingSection>
      <ClosingBand headingId="closing-title" content={closing} />
    </>
  );
}

function Why() {
  return (
    <LandingSection id={landingSections.why} labelledBy="why-title" className="bg-white">
      <div className="grid gap-12 lg:grid-cols-[1fr_1.4fr] lg:items-start">
        <div>
          <SectionHeading id="why-title" align="left" content={why} />
          <p className="mt-8 flex items-baseline gap-4 rounded-2xl bg-slate-900 p-6 text-white">
            <span className="font-extrabold text-5xl text-brand-300 tracking-tight">
              {why.stat.value}
            </span>
            <span className="text-slate-300 leading-snug">{why.stat.label}</span>
          </p>
        </div>
        <FeatureGrid items={why.pains} columns={2} />
      </div>
    </LandingSection>
  );
}

function Resources() {
  return (
    <FeatureSection
      id={landingSections.resources}
      labelledBy="resources-title"
      content={resources}
      columns={3}
      className="bg-white"
    >
      <div className="mt-8 flex flex-col gap-5 rounded-2xl bg-slate-900 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <h3 className="font-semibold text-lg text-white">{resources.downloadTitle}</h3>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <DevAppDownload tone="dark" />
          <UnavailableDownload id="ios-coming-soon" {...resources.ios} />
        </div>
      </div>
    </FeatureSection>
  );
}

/** The iOS dev app's button: disabled, and saying why. */
function UnavailableDownload({
  id,
  label,
  badge,
  hint,
}: {
  id: string;
  label: string;
  badge: string;
  hint: string;
}) {
  return (
    <div className="flex flex-col items-start gap-1.5">
      <button
        type="button"
        disabled
        aria-describedby={id}
        className="inline-flex min-h-12 max-w-full cursor-not-allowed flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-white/5 px-4 py-2 font-semibold text-base text-slate-400 ring-1 ring-white/15 ring-inset sm:px-6"
      >
        {label}
        <span className="whitespace-nowrap rounded-full bg-amber-400/15 px-2 py-0.5 font-semibold text-[0.6875rem] text-amber-300 uppercase tracking-wide">
          {badge}
        </span>
      </button>
      <span id={id} className="text-slate-400 text-xs">
        {hint}
      </span>
    </div>
  );
}

function Target() {
  return (
    <LandingSection id={landingSections.target} labelledBy="target-title" heading={target}>
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        {target.audiences.map(({ icon: Icon, title, text, benefits }) => (
          <article
            key={title}
            aria-labelledby={`audience-${title}`}
            className="rounded-2xl border border-slate-200/80 bg-white p-7 shadow-slate-900/5 shadow-sm"
          >
            <div className="flex items-center gap-3">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 id={`audience-${title}`} className="font-semibold text-lg text-slate-900">
                  {title}
                </h3>
                <p className="text-slate-600 text-sm">{text}</p>
              </div>
            </div>
            <CheckList
              items={benefits}
              className="mt-6 space-y-3"
              itemClassName="flex gap-3 text-slate-700 text-sm leading-relaxed"
              iconClassName="mt-0.5 size-4.5 shrink-0 text-brand-600"
            />
          </article>
        ))}
      </div>
    </LandingSection>
  );
}

function Solution() {
  const [webLayer, nativeLayer] = solution.layers;
  return (
    <LandingSection
      id={landingSections.solution}
      labelledBy="solution-title"
      heading={solution}
      tone="dark"
      className="bg-slate-950"
    >
      {/* One explicit column below `lg` (an implicit one would grow to the code's widest line). */}
      <div className="mt-12 grid grid-cols-1 gap-6 lg:grid-cols-[1fr_1fr_1.2fr]">
        {webLayer && (
          <LayerCard title={webLayer.title} text={webLayer.text}>
            <CheckList
              items={webLayer.points}
              className="mt-5 space-y-2"
              itemClassName="flex gap-2.5 text-slate-200 text-sm"
              iconClassName="mt-0.5 size-4 shrink-0 text-brand-400"
            />
          </LayerCard>
        )}
        {nativeLayer && (
          <LayerCard title={nativeLayer.title} text={nativeLayer.text}>
            <ul className="mt-5 grid grid-cols-3 gap-3">
              {nativeLayer.modules?.map(({ icon: Icon, label }) => (
                <li
                  key={label}
                  className="flex flex-col items-center gap-2 rounded-xl bg-brand-500/10 px-2 py-4 font-medium text-brand-200 text-sm ring-1 ring-brand-400/20"
                >
                  <Icon aria-hidden="true" className="size-6 text-brand-300" />
                  {label}
                </li>
              ))}
            </ul>
          </LayerCard>
        )}
        <LayerCard
          title={solution.bridge.title}
          text={solution.bridge.text}
          className="flex flex-col"
        >
          <CodeBlock
            label={solution.bridge.title}
            className="mt-5 flex-1 overflow-x-auto rounded-xl bg-black/40 p-4 font-mono text-brand-100 text-xs leading-relaxed ring-1 ring-white/10"
          >
            <code>{solution.bridge.code}</code>
          </CodeBlock>
        </LayerCard>
      </div>
    </LandingSection>
  );
}

/** One part of the "How it works" diagram: a title, a sentence, and what it holds. */
function LayerCard({
  title,
  text,
  className,
  children,
}: {
  title: string;
  text: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <article className={cn(className, "min-w-0 rounded-2xl bg-white/5 p-7 ring-1 ring-white/10")}>
      <h3 className="font-semibold text-lg text-white">{title}</h3>
      <p className="mt-2 text-slate-300 text-sm leading-relaxed">{text}</p>
      {children}
    </article>
  );
}
