import type { CheckoutCartFieldsFragment } from '../../__generated__/graphql';
import { shippingMethodLabel } from '../../shared/shippingMethodLabel';

export interface ShippingMethodOption {
  key: string;
  carrierCode: string;
  methodCode: string;
  title: string;
  available: boolean;
  error: string | null;
  amount: { value: number; currency: string };
}

export function shippingMethodKey(method: { carrier_code: string; method_code?: string | null }): string {
  return `${method.carrier_code}|${method.method_code ?? ''}`;
}

/** The methods offered for the cart's shipping address, available ones first in the server's order. */
export function shippingMethodOptions(
  cart: Pick<CheckoutCartFieldsFragment, 'shipping_addresses'>,
): ShippingMethodOption[] {
  const methods = cart.shipping_addresses[0]?.available_shipping_methods ?? [];
  const options = methods.flatMap((method) =>
    method && method.method_code
      ? [
          {
            key: shippingMethodKey(method),
            carrierCode: method.carrier_code,
            methodCode: method.method_code,
            title: shippingMethodLabel(method.carrier_title, method.method_title),
            available: method.available,
            error: method.error_message ?? null,
            amount: { value: method.amount.value ?? 0, currency: method.amount.currency ?? 'USD' },
          },
        ]
      : [],
  );
  return [...options.filter((o) => o.available), ...options.filter((o) => !o.available)];
}
