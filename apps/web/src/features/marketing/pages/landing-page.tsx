import { PRODUCT_NAME, paths } from "@hybridge/shared/common/paths";
import { DEV_APP_LINKS, MARKETING_VIDEOS } from "@hybridge/shared/marketing/media";
import { ArrowRight, Check, Download } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { ComparisonTable } from "../components/comparison-table";
import { FeatureGrid } from "../components/feature-grid";
import { PartnerLogos } from "../components/partner-logos";
import { PricingCards } from "../components/pricing-cards";
import { LandingSection, SectionHeading } from "../components/section-heading";
import { SectionNav } from "../components/section-nav";
import { VideoFrame } from "../components/video-frame";
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
      <SectionNav
        label={landingNav.label}
        links={landingNav.links}
        alternate={landingNav.alternate}
      />
      <Hero />
      <Why />
      <Package />
      <Resources />
      <Target />
      <Solution />
      <LandingSection
        id={landingSections.comparison}
        labelledBy="comparison-title"
        className="bg-white"
      >
        <SectionHeading
          id="comparison-title"
          eyebrow={comparisonSection.eyebrow}
          title={comparisonSection.title}
          lead={comparisonSection.lead}
        />
        <ComparisonTable content={comparison} />
      </LandingSection>
      <LandingSection id={landingSections.pricing} labelledBy="pricing-title">
        <SectionHeading
          id="pricing-title"
          eyebrow={pricing.eyebrow}
          title={pricing.title}
          lead={pricing.lead}
        />
        <PricingCards addOnLabel={pricing.addOnLabel} />
      </LandingSection>
      <LandingSection
        id={landingSections.trustedBy}
        labelledBy="trusted-by-title"
        compact
        className="border-slate-200 border-t bg-white"
      >
        <SectionHeading id="trusted-by-title" eyebrow={trustedBy.eyebrow} title={trustedBy.title} />
        <PartnerLogos />
      </LandingSection>
      <Closing />
    </>
  );
}

function Hero() {
  return (
    <section
      id="hero"
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
            {hero.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-6 font-extrabold text-5xl text-slate-900 tracking-tight sm:text-6xl"
          >
            {PRODUCT_NAME}
          </h1>
          <p className="mt-4 font-semibold text-2xl text-slate-800 leading-snug tracking-tight sm:text-3xl">
            {hero.tagline}
          </p>
          <p className="mt-5 max-w-xl text-lg text-slate-600 leading-relaxed">{hero.lead}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={paths.beta}>
                {hero.primaryCta}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.docs}>{hero.secondaryCta}</Link>
            </Button>
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-slate-200 border-t pt-6">
            {hero.stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-1">
                <dt className="text-slate-600 text-sm leading-snug">{stat.label}</dt>
                <dd className="font-bold text-2xl text-brand-700 tracking-tight">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <VideoFrame
          src={MARKETING_VIDEOS.hero.src}
          title={MARKETING_VIDEOS.hero.title}
          poster={hero.poster}
        />
      </div>
    </section>
  );
}

function Why() {
  return (
    <LandingSection id={landingSections.why} labelledBy="why-title" className="bg-white">
      <div className="grid gap-12 lg:grid-cols-[1fr_1.4fr] lg:items-start">
        <div>
          <SectionHeading
            id="why-title"
            align="left"
            eyebrow={why.eyebrow}
            title={why.title}
            lead={why.lead}
          />
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

function Package() {
  return (
    <LandingSection id={landingSections.package} labelledBy="package-title">
      <SectionHeading
        id="package-title"
        eyebrow={packageSection.eyebrow}
        title={packageSection.title}
        lead={packageSection.lead}
      />
      <FeatureGrid items={packageSection.features} className="mt-12" />
    </LandingSection>
  );
}

function Resources() {
  return (
    <LandingSection
      id={landingSections.resources}
      labelledBy="resources-title"
      className="bg-white"
    >
      <SectionHeading
        id="resources-title"
        eyebrow={resources.eyebrow}
        title={resources.title}
        lead={resources.lead}
      />
      <FeatureGrid items={resources.items} columns={3} className="mt-12" />
      <div className="mt-8 flex flex-col gap-5 rounded-2xl bg-slate-900 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <h3 className="font-semibold text-lg text-white">{resources.downloadTitle}</h3>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex flex-col items-start gap-1.5">
            <Button asChild size="lg">
              <a href={DEV_APP_LINKS.android} target="_blank" rel="noopener noreferrer">
                <Download aria-hidden="true" className="size-4" />
                {resources.android.label}
              </a>
            </Button>
            <span className="text-slate-400 text-xs">{resources.android.hint}</span>
          </div>
          <div className="flex flex-col items-start gap-1.5">
            <button
              type="button"
              disabled
              aria-describedby="ios-coming-soon"
              className="inline-flex h-12 cursor-not-allowed items-center gap-2 whitespace-nowrap rounded-lg bg-white/5 px-4 font-semibold text-base text-slate-400 ring-1 ring-white/15 ring-inset sm:px-6"
            >
              {resources.ios.label}
              <span className="whitespace-nowrap rounded-full bg-amber-400/15 px-2 py-0.5 font-semibold text-[0.6875rem] text-amber-300 uppercase tracking-wide">
                {resources.ios.badge}
              </span>
            </button>
            <span id="ios-coming-soon" className="text-slate-400 text-xs">
              {resources.ios.hint}
            </span>
          </div>
        </div>
      </div>
    </LandingSection>
  );
}

function Target() {
  return (
    <LandingSection id={landingSections.target} labelledBy="target-title">
      <SectionHeading
        id="target-title"
        eyebrow={target.eyebrow}
        title={target.title}
        lead={target.lead}
      />
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
            <ul className="mt-6 space-y-3">
              {benefits.map((benefit) => (
                <li key={benefit} className="flex gap-3 text-slate-700 text-sm leading-relaxed">
                  <Check aria-hidden="true" className="mt-0.5 size-4.5 shrink-0 text-brand-600" />
                  {benefit}
                </li>
              ))}
            </ul>
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
      className="bg-slate-950"
    >
      <SectionHeading
        id="solution-title"
        tone="dark"
        eyebrow={solution.eyebrow}
        title={solution.title}
        lead={solution.lead}
      />
      <div className="mt-12 grid gap-6 lg:grid-cols-[1fr_1fr_1.2fr]">
        {webLayer && (
          <article className="rounded-2xl bg-white/5 p-7 ring-1 ring-white/10">
            <h3 className="font-semibold text-lg text-white">{webLayer.title}</h3>
            <p className="mt-2 text-slate-300 text-sm leading-relaxed">{webLayer.text}</p>
            <ul className="mt-5 space-y-2">
              {webLayer.points.map((point) => (
                <li key={point} className="flex gap-2.5 text-slate-200 text-sm">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-400" />
                  {point}
                </li>
              ))}
            </ul>
          </article>
        )}
        {nativeLayer && (
          <article className="rounded-2xl bg-white/5 p-7 ring-1 ring-white/10">
            <h3 className="font-semibold text-lg text-white">{nativeLayer.title}</h3>
            <p className="mt-2 text-slate-300 text-sm leading-relaxed">{nativeLayer.text}</p>
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
          </article>
        )}
        <article className="flex flex-col rounded-2xl bg-white/5 p-7 ring-1 ring-white/10">
          <h3 className="font-semibold text-lg text-white">{solution.bridge.title}</h3>
          <p className="mt-2 text-slate-300 text-sm leading-relaxed">{solution.bridge.text}</p>
          <pre className="mt-5 flex-1 overflow-x-auto rounded-xl bg-black/40 p-4 font-mono text-brand-100 text-xs leading-relaxed ring-1 ring-white/10">
            <code>{solution.bridge.code}</code>
          </pre>
        </article>
      </div>
    </LandingSection>
  );
}

function Closing() {
  return (
    <section aria-labelledby="closing-title" className="bg-brand-800">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="max-w-2xl">
          <h2
            id="closing-title"
            className="font-bold text-2xl text-white tracking-tight sm:text-3xl"
          >
            {closing.title}
          </h2>
          <p className="mt-2 text-brand-100">{closing.text}</p>
        </div>
        <Button asChild size="lg" variant="secondary">
          <Link to={paths.beta}>
            {closing.cta}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
