import { DomainError } from '../../kernel/domainError';

// What an attribute the merchant manages may be, checked before anything is written: Magento's
// code rule, the input types the shop knows, labels and swatch colours.

/** Input types a merchant can choose. `swatch_color` is Magento's visual swatch with a colour per option. */
export const ATTRIBUTE_INPUTS = [
  'text',
  'textarea',
  'select',
  'multiselect',
  'swatch_color',
  'boolean',
  'price',
  'date',
] as const;
export type AttributeInput = (typeof ATTRIBUTE_INPUTS)[number];

/** Inputs whose values are options: the only ones layered navigation can count and filter by. */
export const OPTION_INPUTS: ReadonlySet<string> = new Set(['select', 'multiselect', 'swatch_color', 'boolean']);

/** Inputs an existing attribute may move between: the same option rows mean the same values. */
const CHOICE_INPUTS: ReadonlySet<string> = new Set(['select', 'multiselect', 'swatch_color']);

export const MAX_ATTRIBUTE_CODE_LENGTH = 60;
export const MAX_ATTRIBUTE_LABEL_LENGTH = 255;
export const MAX_ATTRIBUTE_OPTIONS = 500;
export const MAX_ATTRIBUTE_POSITION = 100_000;

/**
 * Codes that name a product's own fields or a filter the catalog already has: an attribute called
 * so would hide them (Magento reserves the product model's fields the same way).
 */
export const RESERVED_ATTRIBUTE_CODES: ReadonlySet<string> = new Set([
  'attribute_set_id',
  'category_id',
  'category_ids',
  'category_uid',
  'category_url_path',
  'created_at',
  'description',
  'entity_id',
  'id',
  'image',
  'media_gallery',
  'meta_description',
  'meta_keyword',
  'meta_title',
  'name',
  'options',
  'price',
  'product_online',
  'qty',
  'quantity_and_stock_status',
  'relevance',
  'position',
  'short_description',
  'sku',
  'small_image',
  'special_price',
  'status',
  'store_id',
  'thumbnail',
  'type_id',
  'uid',
  'updated_at',
  'url_key',
  'url_path',
  'visibility',
  'website_ids',
  'weight',
]);

function inputError(field: string, message: string): DomainError {
  return new DomainError('input', message, { field });
}

/** A new attribute's code, as Magento accepts one: refused with the reason otherwise. */
export function attributeCode(raw: string): string {
  const code = raw.trim();
  if (code === '') throw inputError('code', 'Give the attribute a code.');
  if (code.length > MAX_ATTRIBUTE_CODE_LENGTH)
    throw inputError('code', `An attribute code has at most ${MAX_ATTRIBUTE_CODE_LENGTH} characters.`);
  if (!/^[a-z][a-z0-9_]*$/.test(code))
    throw inputError(
      'code',
      `"${code.slice(0, 60)}": an attribute code has lower-case letters (a-z), digits and underscores, and starts with a letter.`,
    );
  if (RESERVED_ATTRIBUTE_CODES.has(code))
    throw inputError('code', `"${code}" is the name of a product field; choose another code.`);
  return code;
}

export function attributeInput(raw: string): AttributeInput {
  const found = ATTRIBUTE_INPUTS.find((input) => input === raw);
  if (!found) throw inputError('input', `"${raw.slice(0, 30)}" is not an input type (${ATTRIBUTE_INPUTS.join(', ')}).`);
  return found;
}

/** An existing attribute keeps its kind of values: only choices may switch among themselves. */
export function inputChangeAllowed(before: string, after: string): boolean {
  return before === after || (CHOICE_INPUTS.has(before) && CHOICE_INPUTS.has(after));
}

export function attributeLabel(field: string, raw: string, what: string): string {
  const label = raw.trim();
  if (label === '') throw inputError(field, `${what}: the label cannot be empty.`);
  if ([...label].length > MAX_ATTRIBUTE_LABEL_LENGTH)
    throw inputError(field, `${what}: a label has at most ${MAX_ATTRIBUTE_LABEL_LENGTH} characters.`);
  // The import and export write option labels in one cell, separated by these.
  if (/[|=,]/.test(label) && field.startsWith('options'))
    throw inputError(field, `${what}: an option label cannot contain , | or =.`);
  return label;
}

/** A swatch colour as the storefront draws it: #rgb or #rrggbb, kept lower-case. */
export function swatchColour(field: string, raw: string | null | undefined, what: string): string | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const colour = raw.trim().toLowerCase();
  if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(colour))
    throw inputError(field, `${what}: "${raw.slice(0, 20)}" is not a colour like #1a2b3c.`);
  return colour;
}

export function attributePosition(raw: number | null | undefined): number {
  if (raw === null || raw === undefined) return 0;
  if (!Number.isInteger(raw) || raw < 0 || raw > MAX_ATTRIBUTE_POSITION)
    throw inputError('position', `The position is a whole number from 0 to ${MAX_ATTRIBUTE_POSITION}.`);
  return raw;
}
