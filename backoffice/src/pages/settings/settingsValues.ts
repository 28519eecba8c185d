import type { SettingsCountriesQuery } from '../../__generated__/graphql';
import { fieldMessages } from '@vela/ui/fieldMessages';
import type { Translate } from '../../common/useT';
import { m } from './settingsMessages';

export type Countries = SettingsCountriesQuery['settingsCountries'];

/** The table rate's row for every country without its own (the server stores it as "*"). */
export const ALL_OTHERS = '*';

/** An amount typed by hand (12.5 or 12,5): the number, or why it is not one. */
export function amountOf(t: Translate, text: string): number | string {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return t(fieldMessages.required);
  const n = Number(trimmed);
  if (!Number.isFinite(n)) return t(m.amountInvalid);
  if (n < 0) return t(m.negative);
  return n;
}

let nextRowKey = 1;

/** React's key for a row added on the page: rows have no id until they are saved. */
export function newRowKey(): number {
  return nextRowKey++;
}
