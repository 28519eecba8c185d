// Rows of the specifications list from `custom_attributesV2`. Magento returns only codes with the
// values, so labels come from our messages (see ProductAttributes).

export interface AttributeItemLike {
  __typename?: string;
  code: string;
  value?: string | null;
  selected_options?: ReadonlyArray<{ label: string; value: string } | null> | null;
}

export interface AttributeRow {
  code: string;
  value: string;
}

/** Shown elsewhere on the page already, or not meant for shoppers. */
const SHOWN_ELSEWHERE = new Set([
  'name',
  'sku',
  'price',
  'special_price',
  'description',
  'short_description',
  'url_key',
  'meta_title',
  'meta_description',
  'meta_keyword',
  'image',
  'small_image',
  'thumbnail',
  'status',
  'visibility',
]);

export function attributeRows(
  items: ReadonlyArray<AttributeItemLike | null> | null | undefined,
  optionCodes: readonly string[] = [],
): AttributeRow[] {
  const rows: AttributeRow[] = [];
  for (const item of items ?? []) {
    if (!item || SHOWN_ELSEWHERE.has(item.code) || optionCodes.includes(item.code)) continue;
    const value = item.selected_options
      ? item.selected_options.flatMap((option) => (option?.label ? [option.label] : [])).join(', ')
      : (item.value ?? '').trim();
    if (value) rows.push({ code: item.code, value });
  }
  return rows;
}

/** `country_of_manufacture` → `Country of manufacture`, for codes we have no message for. */
export function humaniseCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
