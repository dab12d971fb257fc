import { PRODUCT_NAME, paths } from "@hybridge/shared/common/paths";
import { MARKETING_VIDEOS } from "@hybridge/shared/marketing/media";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { ComparisonTable } from "../components/comparison-table";
import { FeatureGrid } from "../components/feature-grid";
import { PartnerLogos } from "../components/partner-logos";
import { LandingSection, SectionHeading } from "../components/section-heading";
import { SectionNav } from "../components/section-nav";
import { VideoFrame } from "../components/video-frame";
import {
  audienceFr,
  comparisonFr,
  comparisonFrSection,
  featuresFr,
  heroFr,
  landingFrMeta,
  landingFrNav,
  landingFrSections,
  overviewFr,
  partnersFr,
  startFr,
  whyFr,
} from "../content/fr/landing";
import { usePageMeta } from "../hooks/use-page-meta";

/**
 * The French landing page (spec section 2): hero, overview, why, eight feature cards, competitor
 * table, audience cards, partner logos, start button. The document language is French
 * (usePageMeta, and the pre-rendered <html lang="fr">); the shared top bar and footer stay English.
 */
export function LandingFrPage() {
  usePageMeta(landingFrMeta);
  const DevAppIcon = featuresFr.devApp.icon;
  return (
    <div lang="fr">
      <SectionNav
        label={landingFrNav.label}
        links={landingFrNav.links}
        alternate={landingFrNav.alternate}
      />

      <section
        id="accueil"
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
              {heroFr.eyebrow}
            </p>
            <h1
              id="hero-title"
              className="mt-6 font-extrabold text-5xl text-slate-900 tracking-tight sm:text-6xl"
            >
              {PRODUCT_NAME}
            </h1>
            <p className="mt-4 font-semibold text-2xl text-slate-800 leading-snug tracking-tight sm:text-3xl">
              {heroFr.tagline}
            </p>
            <p className="mt-5 max-w-xl text-lg text-slate-600 leading-relaxed">{heroFr.lead}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to={paths.beta}>
                  {heroFr.cta}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to={paths.docs}>{heroFr.secondaryCta}</Link>
              </Button>
            </div>
          </div>
          <VideoFrame
            src={MARKETING_VIDEOS.hero.src}
            title={heroFr.videoTitle}
            poster={heroFr.poster}
          />
        </div>
      </section>

      <LandingSection
        id={landingFrSections.overview}
        labelledBy="overview-title"
        className="bg-white"
      >
        <div className="grid gap-12 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div>
            <SectionHeading
              id="overview-title"
              align="left"
              eyebrow={overviewFr.eyebrow}
              title={overviewFr.title}
            />
            {overviewFr.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-5 text-lg text-slate-600 leading-relaxed">
                {paragraph}
              </p>
            ))}
          </div>
          <dl className="grid gap-4">
            {overviewFr.stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse gap-1 rounded-2xl bg-slate-900 px-6 py-5"
              >
                <dt className="text-slate-300 text-sm">{stat.label}</dt>
                <dd className="font-extrabold text-4xl text-brand-300 tracking-tight">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </LandingSection>

      <LandingSection id={landingFrSections.why} labelledBy="why-title">
        <SectionHeading
          id="why-title"
          eyebrow={whyFr.eyebrow}
          title={whyFr.title}
          lead={whyFr.lead}
        />
        <FeatureGrid items={whyFr.pains} className="mt-12" />
      </LandingSection>

      <LandingSection
        id={landingFrSections.features}
        labelledBy="features-title"
        className="bg-white"
      >
        <SectionHeading
          id="features-title"
          eyebrow={featuresFr.eyebrow}
          title={featuresFr.title}
          lead={featuresFr.lead}
        />
        <FeatureGrid items={featuresFr.items} className="mt-12" />
        <p className="mt-8 flex items-start gap-3 rounded-2xl bg-brand-50 p-5 text-brand-900 text-sm leading-relaxed ring-1 ring-brand-100">
          <DevAppIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          {featuresFr.devApp.text}
        </p>
      </LandingSection>

      <LandingSection id={landingFrSections.comparison} labelledBy="comparison-title">
        <SectionHeading
          id="comparison-title"
          eyebrow={comparisonFrSection.eyebrow}
          title={comparisonFrSection.title}
          lead={comparisonFrSection.lead}
        />
        <ComparisonTable content={comparisonFr} />
      </LandingSection>

      <LandingSection
        id={landingFrSections.audience}
        labelledBy="audience-title"
        className="bg-white"
      >
        <SectionHeading
          id="audience-title"
          eyebrow={audienceFr.eyebrow}
          title={audienceFr.title}
          lead={audienceFr.lead}
        />
        <FeatureGrid items={audienceFr.cards} className="mt-12" />
      </LandingSection>

      <LandingSection
        id={landingFrSections.partners}
        labelledBy="partners-title"
        compact
        className="border-slate-200 border-t"
      >
        <SectionHeading id="partners-title" eyebrow={partnersFr.eyebrow} title={partnersFr.title} />
        <PartnerLogos />
      </LandingSection>

      <section
        id={landingFrSections.start}
        aria-labelledby="start-title"
        tabIndex={-1}
        className="scroll-mt-28 bg-brand-800 focus:outline-none"
      >
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div className="max-w-2xl">
            <h2
              id="start-title"
              className="font-bold text-2xl text-white tracking-tight sm:text-3xl"
            >
              {startFr.title}
            </h2>
            <p className="mt-2 text-brand-100">{startFr.text}</p>
          </div>
          <Button asChild size="lg" variant="secondary">
            <Link to={paths.join}>
              {startFr.cta}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
