import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readStoreConfigValue, writeStoreConfigValue } from '../../kernel/storeConfig';
import { inWriteTransaction, NO_PRODUCT_CHANGED } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { BRAINTREE_METHOD_CODE, threeDSecureKey } from './paymentService';

// What the store decides about Braintree, apart from the keys (which live in the server's
// environment): whether a new card must pass 3-D Secure, stored at Magento's path
// (payment/braintree/verify_3dsecure). Owners change it from the back office, audited.

export interface BraintreeStoreSettings {
  threeDSecureRequired: boolean;
}

const KEY = threeDSecureKey(BRAINTREE_METHOD_CODE);

/** Magento's path of "always ask the issuer for a challenge" (braintree-web's challengeRequested). */
const ALWAYS_CHALLENGE_KEY = `payment/${BRAINTREE_METHOD_CODE}/always_request_3ds`;

/**
 * StoreConfig's `braintree_3dsecure_*` fields, as Magento's Braintree module names them, from the
 * stored settings. The server asks every new card for 3-D Secure when it is on (no amount
 * threshold, no country list), so the storefront is told exactly that.
 */
export function braintreeThreeDSecureStoreConfig(stored: Record<string, string>): Record<string, string> {
  return {
    braintree_3dsecure_verify_3dsecure: String(stored[KEY] === '1'),
    braintree_3dsecure_always_request_3ds: String(stored[ALWAYS_CHALLENGE_KEY] === '1'),
    braintree_3dsecure_threshold_amount: '0',
    braintree_3dsecure_allowspecific: 'false',
  };
}

export async function readBraintreeStoreSettings(db: Kysely<Database>): Promise<BraintreeStoreSettings> {
  return { threeDSecureRequired: (await readStoreConfigValue(db, KEY)) === '1' };
}

/** Saves the settings with their audit entry in one transaction; nothing is written when nothing changed. */
export async function updateBraintreeStoreSettings(
  db: Kysely<Database>,
  input: BraintreeStoreSettings,
  actor: Actor,
  at: Date,
): Promise<BraintreeStoreSettings> {
  await inWriteTransaction(db, { actor, clock: () => at }, async ({ db: trx, lockCatalogVersion }) => {
    // Settings writers take turns (the catalog version's row lock), as the other settings do.
    // Payment settings change no product row, word or listing.
    await lockCatalogVersion(NO_PRODUCT_CHANGED);
    const before = await readBraintreeStoreSettings(trx);
    if (before.threeDSecureRequired === input.threeDSecureRequired) return;
    await writeStoreConfigValue(trx, KEY, input.threeDSecureRequired ? '1' : '0');
    await recordAudit(
      trx,
      actor,
      {
        action: 'settings.braintree',
        entityType: 'settings',
        entityId: 'braintree',
        before: { ...before },
        after: { threeDSecureRequired: input.threeDSecureRequired },
      },
      at,
    );
  });
  return readBraintreeStoreSettings(db);
}
