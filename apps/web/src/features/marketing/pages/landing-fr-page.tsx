import { ClosingBand } from "../components/closing-band";
import { ComparisonTable } from "../components/comparison-table";
import { FeatureSection } from "../components/feature-section";
import { LandingHero } from "../components/landing-hero";
import { PartnerLogos } from "../components/partner-logos";
import { LandingSection, SectionHeading } from "../components/section-heading";
import { SectionNav } from "../components/section-nav";
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
 * (usePageMeta, and the pre-rendered <html lang="fr">), and so are the top bar, footer and cookie
 * banner around it (localeOf in @hybridge/shared/marketing/locale).
 */
export function LandingFrPage() {
  usePageMeta(landingFrMeta);
  const DevAppIcon = featuresFr.devApp.icon;
  return (
    <div lang="fr">
      <SectionNav {...landingFrNav} />
      <LandingHero id="accueil" content={heroFr} />
      <Overview />
      <FeatureSection id={landingFrSections.why} labelledBy="why-title" content={whyFr} />
      <FeatureSection
        id={landingFrSections.features}
        labelledBy="features-title"
        content={featuresFr}
        className="bg-white"
      >
        <p className="mt-8 flex items-start gap-3 rounded-2xl bg-brand-50 p-5 text-brand-900 text-sm leading-relaxed ring-1 ring-brand-100">
          <DevAppIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          {featuresFr.devApp.text}
        </p>
      </FeatureSection>
      <LandingSection
        id={landingFrSections.comparison}
        labelledBy="comparison-title"
        heading={comparisonFrSection}
      >
        <ComparisonTable content={comparisonFr} />
      </LandingSection>
      <FeatureSection
        id={landingFrSections.audience}
        labelledBy="audience-title"
        content={audienceFr}
        className="bg-white"
      />
      <LandingSection
        id={landingFrSections.partners}
        labelledBy="partners-title"
        heading={partnersFr}
        compact
        className="border-slate-200 border-t"
      >
        <PartnerLogos />
      </LandingSection>
      <ClosingBand id={landingFrSections.start} headingId="start-title" content={startFr} />
    </div>
  );
}

function Overview() {
  return (
    <LandingSection
      id={landingFrSections.overview}
      labelledBy="overview-title"
      className="bg-white"
    >
      <div className="grid gap-12 lg:grid-cols-[1.3fr_1fr] lg:items-center">
        <div>
          <SectionHeading id="overview-title" align="left" content={overviewFr} />
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
  );
}
