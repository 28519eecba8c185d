import type { CustomOptionType, ProductTable } from '../../db/tables';
import { convertMinor, toMajor, type CurrencyConversion } from '../../kernel/money';
import { customOptionUid, customOptionValueUid } from '../../kernel/uids';
import { SELECT_OPTION_TYPES, type CustomOptionPrice, type CustomOptionRecord } from './customOptions';

// A custom option in Magento's GraphQL shape: the concrete Customizable*Option type by input
// type, fixed prices in the display currency, percentages as numbers of percent.

const TYPE_NAMES: Record<CustomOptionType, string> = {
  field: 'CustomizableFieldOption',
  area: 'CustomizableAreaOption',
  date: 'CustomizableDateOption',
  date_time: 'CustomizableDateOption',
  time: 'CustomizableDateOption',
  drop_down: 'CustomizableDropDownOption',
  radio: 'CustomizableRadioOption',
  checkbox: 'CustomizableCheckboxOption',
  multiple: 'CustomizableMultipleOption',
};

const DATE_TYPES: Partial<Record<CustomOptionType, string>> = { date: 'DATE', date_time: 'DATE_TIME', time: 'TIME' };

/** A price as Magento shows it: an amount in the display currency, or the percentage itself. */
export function optionPriceView(p: CustomOptionPrice, baseCurrency: string, display: CurrencyConversion) {
  return p.priceType === 'percent'
    ? { price: p.price / 100, price_type: 'PERCENT' as const }
    : { price: toMajor(convertMinor(p.price, baseCurrency, display), display.currency), price_type: 'FIXED' as const };
}

export function customOptionView(option: CustomOptionRecord, product: ProductTable, display: CurrencyConversion) {
  const base = {
    __typename: TYPE_NAMES[option.type],
    uid: customOptionUid(option.id),
    option_id: option.id,
    title: option.title,
    required: option.required,
    sort_order: option.sortOrder,
    product_sku: product.sku,
  };
  if (SELECT_OPTION_TYPES.has(option.type))
    return {
      ...base,
      value: option.values.map((v) => ({
        uid: customOptionValueUid(option.id, v.id),
        option_type_id: v.id,
        title: v.title,
        sort_order: v.sortOrder,
        sku: v.sku,
        ...optionPriceView(v, product.currency, display),
      })),
    };
  return {
    ...base,
    value: {
      uid: customOptionUid(option.id),
      max_characters: option.maxCharacters ?? 0,
      type: DATE_TYPES[option.type] ?? null,
      sku: option.sku,
      ...optionPriceView(option, product.currency, display),
    },
  };
}
