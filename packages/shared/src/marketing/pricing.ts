import { CONTACT_EMAIL, paths } from "../common/paths";

export type PricingPeriod = "forever" | "month" | "one-time";

/** A plan or add-on of the pricing section (spec section 3 "Pricing plan", section 9). */
export type PricingPlan = {
  id: "developer" | "pro" | "launch-pack";
  name: string;
  /** Euros, shown with formatEuros: "0 €", "27 €". */
  price: number;
  period: PricingPeriod;
  /** Marked POPULAR. */
  popular: boolean;
  /** One line under the name: who the plan is for. */
  summary: string;
  features: readonly string[];
  cta: { label: string; href: string };
};

/** How each period reads after the price. */
export const PRICING_PERIOD_LABELS: Record<PricingPeriod, string> = {
  forever: "forever",
  month: "per month",
  "one-time": "one-time",
};

export const POPULAR_LABEL = "POPULAR";

/**
 * The pricing, in one place for every page that shows it. Both plans' buttons lead to /login
 * (spec section 9); the launch pack is a one-time service, asked for by mail.
 */
export const PRICING_PLANS = [
  {
    id: "developer",
    name: "Developer",
    price: 0,
    period: "forever",
    popular: false,
    summary: "Learn Hybridge and build your app on your own machine.",
    features: [
      "Unlimited local projects",
      "Local development only",
      "Free modules",
      "Community support",
    ],
    cta: { label: "Start for Free", href: paths.login },
  },
  {
    id: "pro",
    name: "Pro",
    price: 27,
    period: "month",
    popular: true,
    summary: "Put one app in your users' hands, on both stores.",
    features: [
      "1 live application",
      "Cloud build for iOS and Android",
      "Limited backend quotas",
      "OTA updates",
      "All pro modules",
    ],
    cta: { label: "Choose Pro Plan", href: paths.login },
  },
  {
    id: "launch-pack",
    name: "App Store Launch Pack",
    price: 199,
    period: "one-time",
    popular: false,
    summary: "We take your first release through App Store and Google Play review with you.",
    features: [
      "Store listings reviewed before you submit",
      "Screenshots and icons checked against each store's rules",
      "Help until your first version is approved",
    ],
    cta: {
      label: "Ask for the Launch Pack",
      href: `mailto:${CONTACT_EMAIL}?subject=App%20Store%20Launch%20Pack`,
    },
  },
] as const satisfies readonly PricingPlan[];
