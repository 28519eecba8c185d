import type { MessageDescriptor } from 'react-intl';
import { attributeMessages as m } from './attributeMessages';

// The input types the server accepts (AdminProductAttributeDetail.inputTypes says the same), with
// their names in the back office's language.

export const INPUT_TYPES = [
  'text',
  'textarea',
  'select',
  'multiselect',
  'swatch_color',
  'boolean',
  'price',
  'date',
] as const;

/** Inputs whose values are options: the ones that can filter a listing and have an options list. */
export const OPTION_INPUTS: ReadonlySet<string> = new Set(['select', 'multiselect', 'swatch_color', 'boolean']);

/** Inputs an existing attribute may move between: the same options mean the same values. */
export const CHOICE_INPUTS: ReadonlySet<string> = new Set(['select', 'multiselect', 'swatch_color']);

const LABELS: Record<string, MessageDescriptor> = {
  text: m.inputText,
  textarea: m.inputTextarea,
  select: m.inputSelect,
  multiselect: m.inputMultiselect,
  swatch_color: m.inputSwatch,
  boolean: m.inputBoolean,
  price: m.inputPrice,
  date: m.inputDate,
};

export function inputLabel(input: string): MessageDescriptor {
  return LABELS[input] ?? m.inputOther;
}
