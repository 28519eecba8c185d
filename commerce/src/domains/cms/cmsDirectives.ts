import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { StoreScope } from '../../kernel/storeScope';
import { freeShippingSettings } from '../shipping';

/**
 * Magento's CMS directive for a setting's value: {{config path="section/group/field"}}; the quotes
 * may come escaped from the sanitiser.
 */
const CONFIG_DIRECTIVE = /\{\{config path=(?:"|&quot;|&#34;)([a-z0-9_/]{1,200})(?:"|&quot;|&#34;)\}\}/g;

const FREE_SHIPPING_SUBTOTAL = 'carriers/freeshipping/free_shipping_subtotal';

/** An amount of the base currency as the store view shows it: converted, in its locale, cents only when there are some. */
export function displayAmount(base: number, store: StoreScope): string {
  const amount = Math.round(base * store.rate * 100) / 100;
  return new Intl.NumberFormat(store.locale.replace('_', '-'), {
    style: 'currency',
    currency: store.currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/**
 * Writes the settings a merchant's text names into it, so a promise in a page or block says what
 * the shop does: the free-delivery threshold (the one the free-shipping carrier applies) in the
 * shopper's display currency. Other paths are left out, as Magento leaves out paths it does not
 * allow in content; so is the threshold when free delivery is off.
 */
export async function renderConfigDirectives(db: Kysely<Database>, html: string, store: StoreScope): Promise<string> {
  if (!html.includes('{{config')) return html;
  const freeShipping = await freeShippingSettings(db);
  const subtotal = freeShipping.free_shipping_subtotal;
  return html.replace(CONFIG_DIRECTIVE, (_match, path: string) =>
    path === FREE_SHIPPING_SUBTOTAL && subtotal !== undefined ? displayAmount(Number(subtotal), store) : '',
  );
}
