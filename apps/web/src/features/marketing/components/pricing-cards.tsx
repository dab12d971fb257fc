import { formatEuros } from "@hybridge/shared/common/format-euros";
import {
  POPULAR_LABEL,
  PRICING_PERIOD_LABELS,
  PRICING_PLANS,
  type PricingPlan,
} from "@hybridge/shared/marketing/pricing";
import { Check } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/** The plans and the launch pack, from the one pricing module (spec section 9). */
export function PricingCards({ addOnLabel }: { addOnLabel: string }) {
  return (
    <ul className="mt-12 grid items-stretch gap-6 lg:grid-cols-3">
      {PRICING_PLANS.map((plan) => (
        <li key={plan.id} className="flex">
          <PlanCard plan={plan} addOnLabel={addOnLabel} />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({ plan, addOnLabel }: { plan: PricingPlan; addOnLabel: string }) {
  const headingId = `plan-${plan.id}`;
  const isAddOn = plan.period === "one-time";
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative flex w-full flex-col rounded-2xl bg-white p-7 shadow-sm",
        plan.popular
          ? "shadow-brand-900/10 shadow-xl ring-2 ring-brand-600"
          : "ring-1 ring-slate-200",
        isAddOn && "bg-slate-50/80 shadow-none",
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="font-semibold text-lg text-slate-900">
          {plan.name}
        </h3>
        {plan.popular && (
          <span className="shrink-0 rounded-full bg-brand-700 px-2.5 py-1 font-bold text-[0.6875rem] text-white tracking-wider">
            {POPULAR_LABEL}
          </span>
        )}
        {isAddOn && (
          <span className="shrink-0 whitespace-nowrap rounded-full bg-slate-200 px-2.5 py-1 font-semibold text-[0.6875rem] text-slate-700 uppercase tracking-wider">
            {addOnLabel}
          </span>
        )}
      </div>
      <p className="mt-2 min-h-10 text-slate-600 text-sm leading-relaxed">{plan.summary}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="font-extrabold text-4xl text-slate-900 tracking-tight">
          {formatEuros(plan.price)}
        </span>
        <span className="text-slate-500 text-sm">{PRICING_PERIOD_LABELS[plan.period]}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5 text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        asChild
        size="lg"
        variant={plan.popular ? "primary" : "secondary"}
        className="mt-8 w-full"
      >
        {plan.cta.href.startsWith("/") ? (
          <Link to={plan.cta.href}>{plan.cta.label}</Link>
        ) : (
          <a href={plan.cta.href}>{plan.cta.label}</a>
        )}
      </Button>
    </article>
  );
}
