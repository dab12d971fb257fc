import { describe, expect, it } from "vitest";
import { formatEuros } from "../common/format-euros";
import { paths } from "../common/paths";
import { PRICING_PLANS } from "./pricing";

const plan = (id: string) => {
  const found = PRICING_PLANS.find((p) => p.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
};

describe("pricing (spec section 9)", () => {
  it("offers Developer free forever, with its four features and 'Start for Free'", () => {
    const developer = plan("developer");
    expect(developer).toMatchObject({ name: "Developer", price: 0, period: "forever" });
    expect(developer.popular).toBe(false);
    expect(developer.features).toEqual([
      "Unlimited local projects",
      "Local development only",
      "Free modules",
      "Community support",
    ]);
    expect(developer.cta).toEqual({ label: "Start for Free", href: paths.login });
  });

  it("marks Pro at 27 € per month as the popular plan, with 'Choose Pro Plan'", () => {
    const pro = plan("pro");
    expect(pro).toMatchObject({ name: "Pro", price: 27, period: "month", popular: true });
    expect(pro.features).toEqual([
      "1 live application",
      "Cloud build for iOS and Android",
      "Limited backend quotas",
      "OTA updates",
      "All pro modules",
    ]);
    expect(pro.cta).toEqual({ label: "Choose Pro Plan", href: paths.login });
  });

  it("sells the App Store Launch Pack once, for 199 €", () => {
    expect(plan("launch-pack")).toMatchObject({
      name: "App Store Launch Pack",
      price: 199,
      period: "one-time",
      popular: false,
    });
  });

  it("has exactly one popular plan, and both plans lead to /login", () => {
    expect(PRICING_PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(["pro"]);
    const plans = PRICING_PLANS.filter((p) => p.period !== "one-time");
    expect(plans.map((p) => p.cta.href)).toEqual([paths.login, paths.login]);
  });

  it("shows every price in the French euro format", () => {
    expect(PRICING_PLANS.map((p) => formatEuros(p.price))).toEqual([
      "0\u00a0€",
      "27\u00a0€",
      "199\u00a0€",
    ]);
  });

  it("gives every plan a name, a summary and at least one feature", () => {
    for (const p of PRICING_PLANS) {
      expect(p.name.trim(), p.id).not.toBe("");
      expect(p.summary.trim(), p.id).not.toBe("");
      expect(p.features.length, p.id).toBeGreaterThan(0);
      expect(new Set(p.features).size, `${p.id} repeats a feature`).toBe(p.features.length);
    }
  });
});
