import { money, toMajor } from '../../kernel/money';
import { customOptionUid, customOptionValueUid } from '../../kernel/uids';
import type { ChosenOption } from './customOptionChoices';
import type { AppliedDiscount } from '../promotions';
import type { ShippingQuote } from '../shipping';

// How cart parts look in Magento's types, shared by the cart, checkout and order resolvers.

export function discountView(d: AppliedDiscount, currency: string) {
  return {
    amount: money(d.amount, currency),
    applied_to: 'ITEM',
    label: d.label,
    coupon: d.coupon ? { code: d.coupon } : null,
  };
}

export function shippingMethodView(m: ShippingQuote, currency: string) {
  const amount = money(m.amount, currency);
  // One currency throughout, so the base amount is the amount.
  return {
    ...m,
    amount,
    base_amount: amount,
    price_excl_tax: amount,
    price_incl_tax: amount,
    available: true,
    error_message: null,
  };
}

/** The currency's symbol, as Magento's price unit label gives it for a fixed option price. */
function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat('en', { style: 'currency', currency }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? currency;
}

/**
 * A line's chosen custom option as Magento's SelectedCustomizableOption: text and dates with the
 * option's uid and the text as value; picked values with their own uids, the value id as value.
 * A fixed price is the amount in the cart's currency; a percentage stays a percentage.
 */
export function selectedCustomizableOptionView(chosen: ChosenOption, currency: string) {
  const { option } = chosen;
  return {
    customizable_option_uid: customOptionUid(option.id),
    id: option.id,
    is_required: option.required,
    label: option.title,
    sort_order: option.sortOrder,
    type: option.type,
    values: chosen.values.map((v) => {
      const priced = v.value ?? option;
      return {
        customizable_option_value_uid: v.value
          ? customOptionValueUid(option.id, v.value.id)
          : customOptionUid(option.id),
        id: v.value?.id ?? option.id,
        label: v.value?.title ?? '',
        value: v.value ? String(v.value.id) : v.text,
        price:
          priced.priceType === 'percent'
            ? { type: 'PERCENT', units: '%', value: priced.price / 100 }
            : { type: 'FIXED', units: currencySymbol(currency), value: toMajor(v.price, currency) },
      };
    }),
  };
}
