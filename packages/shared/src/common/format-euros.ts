const NBSP = "\u00a0";

const whole = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });

/**
 * An amount in euros, French style (spec section 9): "27 €", "4,99 €", "1 299 €". Cents show only
 * when there are some. Zero is "0 €": showing 'Free' instead is the store's own rule, for its
 * module prices.
 *
 * ICU versions disagree on the spaces (U+00A0 or U+202F, for the thousands and before "€"), and the
 * pre-rendered HTML is formatted by Node while hydration formats in the browser: every space
 * becomes U+00A0 so that both write the same text.
 */
export function formatEuros(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`formatEuros: ${amount} is not an amount`);
  const rounded = Math.round(amount * 100) / 100;
  return (Number.isInteger(rounded) ? whole : cents).format(rounded).replace(/\s/gu, NBSP);
}
