import type { ProductPageProduct } from './productPageQuery';

// The product's custom options (Magento's CustomizableProductInterface.options) as the product
// page's form needs them, and what the shopper's answers mean: the uids addProductsToCart takes
// and the price they add. The server prices the cart; the page only shows what it will charge.

export type CustomOptionKind =
  'field' | 'area' | 'date' | 'date_time' | 'time' | 'drop_down' | 'radio' | 'checkbox' | 'multiple';

export interface OptionPrice {
  price: number;
  /** A percentage of the product's price, or an amount in the display currency. */
  percent: boolean;
}

export interface CustomOptionValueView extends OptionPrice {
  uid: string;
  title: string;
}

export interface CustomOptionView extends OptionPrice {
  uid: string;
  title: string;
  required: boolean;
  kind: CustomOptionKind;
  /** Text options: the longest text accepted; null for no limit. */
  maxCharacters: number | null;
  values: CustomOptionValueView[];
}

/** The shopper's answers: option uid → the text entered, or the uids of the values chosen. */
export type CustomOptionAnswers = Record<string, string | string[]>;

type RawOption = NonNullable<NonNullable<Extract<ProductPageProduct, { options?: unknown }>['options']>[number]>;
type RawValue = { uid: string; title?: string | null; price?: number | null; price_type?: string | null } | null;

const priceOf = (v: { price?: number | null; price_type?: string | null } | null | undefined): OptionPrice => ({
  price: v?.price ?? 0,
  percent: v?.price_type === 'PERCENT',
});

function valuesOf(list: ReadonlyArray<RawValue> | null | undefined): CustomOptionValueView[] {
  return (list ?? []).flatMap((v) => (v?.uid ? [{ uid: v.uid, title: v.title ?? '', ...priceOf(v) }] : []));
}

function viewOf(option: RawOption): CustomOptionView | null {
  const base = { uid: option.uid, title: option.title ?? '', required: option.required === true, maxCharacters: null };
  switch (option.__typename) {
    case 'CustomizableFieldOption':
    case 'CustomizableAreaOption': {
      const value = option.__typename === 'CustomizableFieldOption' ? option.fieldValue : option.areaValue;
      const max = value?.max_characters ?? 0;
      return {
        ...base,
        kind: option.__typename === 'CustomizableFieldOption' ? 'field' : 'area',
        maxCharacters: max > 0 ? max : null,
        values: [],
        ...priceOf(value),
      };
    }
    case 'CustomizableDateOption': {
      const type = option.dateValue?.type;
      const kind = type === 'DATE_TIME' ? 'date_time' : type === 'TIME' ? 'time' : 'date';
      return { ...base, kind, values: [], ...priceOf(option.dateValue) };
    }
    case 'CustomizableDropDownOption':
      return { ...base, kind: 'drop_down', values: valuesOf(option.dropDownValues), price: 0, percent: false };
    case 'CustomizableRadioOption':
      return { ...base, kind: 'radio', values: valuesOf(option.radioValues), price: 0, percent: false };
    case 'CustomizableCheckboxOption':
      return { ...base, kind: 'checkbox', values: valuesOf(option.checkboxValues), price: 0, percent: false };
    case 'CustomizableMultipleOption':
      return { ...base, kind: 'multiple', values: valuesOf(option.multipleValues), price: 0, percent: false };
    default:
      // A file upload (or a type this page does not know) cannot be answered here.
      return null;
  }
}

/** The product's options in display order; none for products without. */
export function customOptionViews(product: ProductPageProduct): CustomOptionView[] {
  if (!('options' in product) || !product.options) return [];
  return [...product.options]
    .filter((o): o is RawOption => o !== null)
    .sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))
    .flatMap((o) => {
      const view = viewOf(o);
      return view ? [view] : [];
    });
}

export const isSelectKind = (kind: CustomOptionKind) =>
  kind === 'drop_down' || kind === 'radio' || kind === 'checkbox' || kind === 'multiple';

function answered(answer: string | string[] | undefined): boolean {
  return Array.isArray(answer) ? answer.length > 0 : (answer ?? '').trim() !== '';
}

/** Required options without an answer, in display order. */
export function missingRequired(views: readonly CustomOptionView[], answers: CustomOptionAnswers): CustomOptionView[] {
  return views.filter((v) => v.required && !answered(answers[v.uid]));
}

/** What the answers add to one unit, in the display currency, against the product's final price. */
export function answersPrice(
  views: readonly CustomOptionView[],
  answers: CustomOptionAnswers,
  finalPrice: number,
): number {
  const add = (p: OptionPrice) => (p.percent ? (finalPrice * p.price) / 100 : p.price);
  let total = 0;
  for (const view of views) {
    const answer = answers[view.uid];
    if (!answered(answer)) continue;
    if (isSelectKind(view.kind)) {
      const chosen = Array.isArray(answer) ? answer : [answer ?? ''];
      for (const value of view.values) if (chosen.includes(value.uid)) total += add(value);
    } else total += add(view);
  }
  return Math.round(total * 100) / 100;
}

/** The answers as addProductsToCart takes them: chosen value uids and entered texts. */
export function answersInput(
  views: readonly CustomOptionView[],
  answers: CustomOptionAnswers,
): { selected: string[]; entered: Array<{ uid: string; value: string }> } {
  const selected: string[] = [];
  const entered: Array<{ uid: string; value: string }> = [];
  for (const view of views) {
    const answer = answers[view.uid];
    if (!answered(answer)) continue;
    if (isSelectKind(view.kind)) selected.push(...(Array.isArray(answer) ? answer : [answer ?? '']));
    else entered.push({ uid: view.uid, value: (Array.isArray(answer) ? answer.join(',') : (answer ?? '')).trim() });
  }
  return { selected, entered };
}
