import { formatEuros } from "../common/format-euros";
import { StoreTexts } from "./texts";

/** The store's price rule (spec section 9): 'Free' for 0, otherwise euros in French format. */
export function formatModulePrice(price: number): string {
  return price === 0 ? StoreTexts.free : formatEuros(price);
}
