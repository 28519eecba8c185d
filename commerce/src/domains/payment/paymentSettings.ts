import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { fieldError } from '../../kernel/formInput';
import { writeStoreConfigValue } from '../../kernel/storeConfig';
import { inWriteTransaction, NO_PRODUCT_CHANGED } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import {
  isOnlinePaymentMethod,
  loadActivePaymentCodes,
  ONLINE_METHODS,
  onlinePaymentAvailableKey,
  paymentActiveKey,
  SWITCHABLE_PAYMENT_METHODS,
} from './paymentService';

// Switching payment methods on and off, stored under Magento's paths (payment/checkmo/active).
// At least one must stay on: a shop without one could take no order. `free` is not switched: a
// cart that costs nothing uses it by itself.

export interface PaymentMethodSetting {
  code: string;
  title: string;
  active: boolean;
}

/** The methods staff can switch here: the offline ones, and a card gateway's while its keys are configured. */
async function switchableMethods(db: Kysely<Database>) {
  const available = await db
    .selectFrom('store_config')
    .select('key')
    .where(
      'key',
      'in',
      ONLINE_METHODS.map((m) => onlinePaymentAvailableKey(m.code)),
    )
    .where('value', '=', '1')
    .execute();
  const configured = new Set(available.map((row) => row.key));
  return SWITCHABLE_PAYMENT_METHODS.filter(
    (m) => !isOnlinePaymentMethod(m.code) || configured.has(onlinePaymentAvailableKey(m.code)),
  );
}

export async function readPaymentSettings(db: Kysely<Database>): Promise<PaymentMethodSetting[]> {
  const active = await loadActivePaymentCodes(db);
  return (await switchableMethods(db)).map((m) => ({ code: m.code, title: m.title, active: active.has(m.code) }));
}

/**
 * Sets the methods named (the others stay as they are), in one transaction with its audit entry;
 * carts offer and accept only the methods that are on, at once.
 */
export async function updatePaymentSettings(
  db: Kysely<Database>,
  inputs: ReadonlyArray<{ code: string; active: boolean }>,
  actor: Actor,
  at: Date,
): Promise<PaymentMethodSetting[]> {
  if (inputs.length === 0) throw fieldError('methods', 'Name at least one payment method to save.');
  const switchable = await switchableMethods(db);
  for (const [index, input] of inputs.entries()) {
    if (!switchable.some((m) => m.code === input.code))
      throw fieldError(`methods.${index}.code`, `There is no payment method "${input.code}" to switch.`);
    if (inputs.findIndex((other) => other.code === input.code) !== index)
      throw fieldError(`methods.${index}.code`, `The payment method "${input.code}" is named twice.`);
  }
  await inWriteTransaction(db, { actor, clock: () => at }, async ({ db: trx, lockCatalogVersion }) => {
    // First: the catalog version's row lock makes concurrent settings writers take turns
    // (PostgreSQL), so two owners cannot each switch off a different last method.
    // Payment settings change no product row, word or listing.
    await lockCatalogVersion(NO_PRODUCT_CHANGED);
    const before = await loadActivePaymentCodes(trx);
    const after = new Set(before);
    for (const input of inputs) {
      if (input.active) after.add(input.code);
      else after.delete(input.code);
    }
    if (after.size === 0)
      throw fieldError(
        'methods',
        'At least one payment method must stay on: without one, shoppers cannot place orders.',
      );
    const changed = SWITCHABLE_PAYMENT_METHODS.filter((m) => before.has(m.code) !== after.has(m.code));
    if (changed.length === 0) return;
    for (const method of changed) {
      const key = paymentActiveKey(method.code);
      await writeStoreConfigValue(trx, key, after.has(method.code) ? '1' : '0');
    }
    const view = (codes: Set<string>) => Object.fromEntries(changed.map((m) => [m.code, codes.has(m.code)]));
    await recordAudit(
      trx,
      actor,
      {
        action: 'settings.payment',
        entityType: 'settings',
        entityId: 'payment',
        before: view(before),
        after: view(after),
      },
      at,
    );
  });
  return readPaymentSettings(db);
}

/**
 * Records which card gateways this shop's processes have keys for (called at start-up), so carts
 * offer a gateway's method only while it can take a payment. Writes only when something changed;
 * the catalog version moves with it, so every process's cached settings follow.
 */
export async function recordOnlinePaymentAvailability(db: Kysely<Database>, configured: ReadonlySet<string>) {
  const keys = ONLINE_METHODS.map((m) => onlinePaymentAvailableKey(m.code));
  const stored = await db.selectFrom('store_config').select(['key', 'value']).where('key', 'in', keys).execute();
  const wanted = new Set(
    ONLINE_METHODS.filter((m) => configured.has(m.code)).map((m) => onlinePaymentAvailableKey(m.code)),
  );
  const isOn = (key: string) => stored.some((row) => row.key === key && row.value === '1');
  if (keys.every((key) => isOn(key) === wanted.has(key))) return;
  // store_config is the kernel's table: its writer keeps one row per key ('0' reads as unavailable).
  await inWriteTransaction(db, async ({ db: trx, lockCatalogVersion }) => {
    // Payment settings change no product row, word or listing.
    await lockCatalogVersion(NO_PRODUCT_CHANGED);
    for (const key of keys) await writeStoreConfigValue(trx, key, wanted.has(key) ? '1' : '0');
  });
}
