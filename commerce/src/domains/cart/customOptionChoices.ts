import {
  MULTI_VALUE_OPTION_TYPES,
  SELECT_OPTION_TYPES,
  optionPriceOf,
  type CustomOptionRecord,
  type CustomOptionValueRecord,
} from '../catalog';
import { decodeUid, parseCustomOptionUid } from '../../kernel/uids';
import { CartUserError } from './cartProductService';

// The custom options a cart line was added with. A line stores them as JSON keyed by option id:
// the text entered, or the ids of the values picked (sorted). The same product with other choices
// is another line; prices and labels are read from the product's options each time the cart is
// priced, so the server alone decides what a choice costs.

/** Option id → the text entered, or the ids of the values picked. */
export type CustomOptionChoices = Record<string, string | number[]>;

/** What a cart request says of custom options, in each of Magento's three spellings. */
export interface CustomOptionRequest {
  /** Uids of picked values (`custom-option/{option}/{value}`); other uids are not custom options. */
  selected: readonly string[];
  entered: ReadonlyArray<{ uid: string; value: string }>;
  /** Magento's older `customizable_options`: `{ id | uid, value_string }`. */
  legacy: ReadonlyArray<{ id?: number | null; uid?: string | null; value_string: string }>;
}

// Magento's own messages (Catalog's AbstractType and option types).
export const REQUIRED_OPTIONS_MESSAGE =
  "The product's required option(s) weren't entered. Make sure the options are entered and try again.";
const UNAVAILABLE = 'Some of the selected item options are not currently available.';
const TOO_LONG = 'The text is too long. Shorten the text and try again.';
const MAX_TEXT = 4000;

const unavailable = () => new CartUserError('UNDEFINED', UNAVAILABLE);

const DATE_FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  date_time: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/,
  time: /^\d{2}:\d{2}(:\d{2})?$/,
};

function validDate(type: string, text: string): boolean {
  const format = DATE_FORMATS[type];
  if (!format?.test(text)) return false;
  if (type === 'time') return true;
  const day = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text.slice(0, 10);
}

/** The uids among `selected_options` that name custom options; the rest are a configurable's. */
export function isCustomOptionUid(uid: string): boolean {
  return parseCustomOptionUid(uid) !== null;
}

function legacyOptionId(entry: { id?: number | null; uid?: string | null }): number | null {
  if (entry.uid) {
    const parsed = parseCustomOptionUid(entry.uid);
    if (parsed) return parsed.optionId;
    const plain = decodeUid(entry.uid);
    return /^\d+$/.test(plain) ? Number(plain) : null;
  }
  return entry.id ?? null;
}

/**
 * Checks the request against the product's options and returns the line's choices as stored JSON
 * (null when none). Throws a CartUserError with Magento's message when a required option is
 * missing, a value is not the option's, or a text is too long; nothing is added then.
 */
export function chooseCustomOptions(
  options: readonly CustomOptionRecord[],
  request: CustomOptionRequest,
): string | null {
  const byId = new Map(options.map((o) => [o.id, o]));
  const picked = new Map<number, Set<number>>();
  const entered = new Map<number, string>();
  const pick = (option: CustomOptionRecord, valueId: number) => {
    if (!SELECT_OPTION_TYPES.has(option.type) || !option.values.some((v) => v.id === valueId)) throw unavailable();
    const set = picked.get(option.id) ?? new Set<number>();
    set.add(valueId);
    if (set.size > 1 && !MULTI_VALUE_OPTION_TYPES.has(option.type)) throw unavailable();
    picked.set(option.id, set);
  };
  const enter = (option: CustomOptionRecord, raw: string) => {
    if (SELECT_OPTION_TYPES.has(option.type)) throw unavailable();
    const text = option.type === 'area' ? raw.replace(/\r\n/g, '\n').trim() : raw.trim();
    if (text === '') return;
    if (option.type === 'field' || option.type === 'area') {
      if ([...text].length > (option.maxCharacters ?? MAX_TEXT)) throw new CartUserError('UNDEFINED', TOO_LONG);
    } else if (!validDate(option.type, text)) {
      throw new CartUserError('UNDEFINED', `Please specify date required option(s): "${option.title}".`);
    }
    entered.set(option.id, text);
  };

  for (const uid of request.selected) {
    const parsed = parseCustomOptionUid(uid);
    const option = parsed ? byId.get(parsed.optionId) : undefined;
    if (!parsed || !option || parsed.valueId === null) throw unavailable();
    pick(option, parsed.valueId);
  }
  for (const e of request.entered) {
    const parsed = parseCustomOptionUid(e.uid);
    // Magento's custom-option provider skips uids of other kinds (another provider's to read).
    if (!parsed) continue;
    const option = byId.get(parsed.optionId);
    if (!option || parsed.valueId !== null) throw unavailable();
    enter(option, e.value);
  }
  for (const entry of request.legacy) {
    const id = legacyOptionId(entry);
    const option = id === null ? undefined : byId.get(id);
    if (!option) throw unavailable();
    if (SELECT_OPTION_TYPES.has(option.type)) {
      // Magento reads a select's value_string as value ids: "3", "3,4" or "[3,4]".
      const ids = entry.value_string
        .replace(/^\s*\[|\]\s*$/g, '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      for (const valueId of ids) {
        if (!/^\d+$/.test(valueId)) throw unavailable();
        pick(option, Number(valueId));
      }
    } else enter(option, entry.value_string);
  }

  if (options.some((o) => o.required && !picked.has(o.id) && !entered.has(o.id)))
    throw new CartUserError('UNDEFINED', REQUIRED_OPTIONS_MESSAGE);
  const choices: CustomOptionChoices = {};
  for (const o of options) {
    const values = picked.get(o.id);
    const text = entered.get(o.id);
    if (values) choices[String(o.id)] = [...values].sort((a, b) => a - b);
    else if (text !== undefined) choices[String(o.id)] = text;
  }
  return Object.keys(choices).length > 0 ? JSON.stringify(choices) : null;
}

export function parseChoices(stored: string | null | undefined): CustomOptionChoices {
  if (!stored) return {};
  const parsed: unknown = JSON.parse(stored);
  return parsed !== null && typeof parsed === 'object' ? (parsed as CustomOptionChoices) : {};
}

/** One chosen option as the cart and the order show it. */
export interface ChosenOption {
  option: CustomOptionRecord;
  /** Picked values; for a text or date option, one entry with the text and the option's price. */
  values: Array<{ value: CustomOptionValueRecord | null; text: string; price: number }>;
  /** What the option adds to a unit, in minor units of the product's currency. */
  price: number;
}

/**
 * The line's choices that still match the product's options (an option removed since is left
 * out), priced against the product's final price (a percentage is of that price).
 */
export function chosenOptions(
  options: readonly CustomOptionRecord[],
  stored: string | null | undefined,
  finalPrice: number,
): ChosenOption[] {
  const choices = parseChoices(stored);
  return options.flatMap((option) => {
    const choice = choices[String(option.id)];
    if (choice === undefined) return [];
    const values =
      typeof choice === 'string'
        ? SELECT_OPTION_TYPES.has(option.type)
          ? []
          : [{ value: null, text: choice, price: optionPriceOf(option, finalPrice) }]
        : option.values
            .filter((v) => choice.includes(v.id))
            .map((v) => ({ value: v, text: v.title, price: optionPriceOf(v, finalPrice) }));
    if (values.length === 0) return [];
    return [{ option, values, price: values.reduce((sum, v) => sum + v.price, 0) }];
  });
}
