/** How far a cart is from free delivery, in the cart's currency. */
export type FreeDeliveryProgress =
  | { kind: 'unlocked'; threshold: number; currency: string }
  | { kind: 'away'; remaining: number; threshold: number; subtotal: number; currency: string; fraction: number };

interface Settings {
  storeConfig?: { free_shipping_active?: boolean | null; free_shipping_subtotal?: number | null } | null;
  currency?: {
    base_currency_code?: string | null;
    exchange_rates?: ReadonlyArray<{ currency_to?: string | null; rate?: number | null } | null> | null;
  } | null;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * Compares the cart's subtotal after discounts (what the free-shipping carrier's rule compares)
 * with the threshold converted into the cart's currency. Null when free delivery is not offered,
 * the shop does not say its threshold, or no rate converts it: then no promise is shown.
 */
export function freeDeliveryProgress(
  settings: Settings | null | undefined,
  subtotal: { value?: number | null; currency?: string | null } | null | undefined,
): FreeDeliveryProgress | null {
  const base = settings?.storeConfig?.free_shipping_subtotal;
  if (!settings?.storeConfig?.free_shipping_active || base == null || base <= 0) return null;
  if (subtotal?.value == null || !subtotal.currency) return null;
  const currency = subtotal.currency;
  const baseCurrency = settings.currency?.base_currency_code;
  const rate =
    !baseCurrency || baseCurrency === currency
      ? 1
      : settings.currency?.exchange_rates?.find((r) => r?.currency_to === currency)?.rate;
  if (rate == null || !(rate > 0)) return null;
  const threshold = cents(base * rate);
  if (subtotal.value >= threshold) return { kind: 'unlocked', threshold, currency };
  const value = Math.max(0, subtotal.value);
  return {
    kind: 'away',
    remaining: cents(threshold - value),
    threshold,
    subtotal: value,
    currency,
    fraction: value / threshold,
  };
}
