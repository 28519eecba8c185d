import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { isValidEmail } from '../../kernel/emailAddress';
import { fieldError, requiredText } from '../../kernel/formInput';
import { readStoreConfigValues, writeStoreConfigValue } from '../../kernel/storeConfig';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { DEFAULT_CONTACT_RECIPIENT } from '../contact';

// The shop's name and the address contact-form messages go to, as the back office edits them.
// The name lives in two places that must agree: store_config's store_name (the e-mails and the
// contact form read it) and the default store view's own name (what storeConfig.store_name
// answers there, as in Magento). Other store views keep their own names.

export interface StoreSettings {
  name: string;
  contactEmail: string;
}

export interface StoreSettingsInput {
  name: string;
  contactEmail: string;
}

const KEYS = ['store_name', 'contact_recipient_email'] as const;

export async function readStoreSettings(db: Kysely<Database>): Promise<StoreSettings> {
  const stored = await readStoreConfigValues(db, KEYS);
  const view = await db.selectFrom('store_view').select('name').where('id', '=', DEFAULT_STORE_ID).executeTakeFirst();
  return {
    name: view?.name ?? stored.store_name ?? 'Vela',
    contactEmail: stored.contact_recipient_email ?? DEFAULT_CONTACT_RECIPIENT,
  };
}

function checked(input: StoreSettingsInput): StoreSettings {
  const name = requiredText('name', 'Store name', input.name, 255);
  const contactEmail = requiredText('contactEmail', 'Contact e-mail', input.contactEmail, 254);
  if (!isValidEmail(contactEmail))
    throw fieldError(
      'contactEmail',
      `Contact e-mail: "${contactEmail}" is not an e-mail address such as name@example.com.`,
    );
  return { name, contactEmail };
}

/** Saves both values in one transaction with its audit entry; the storefront shows them at once. */
export async function updateStoreSettings(
  db: Kysely<Database>,
  input: StoreSettingsInput,
  actor: Actor,
  at: Date,
): Promise<StoreSettings> {
  const next = checked(input);
  return inWriteTransaction(db, { actor, clock: () => at }, async ({ db: trx, lockCatalogVersion }) => {
    // First: the catalog version's row lock makes concurrent settings writers take turns (PostgreSQL).
    await lockCatalogVersion();
    const before = await readStoreSettings(trx);
    if (before.name === next.name && before.contactEmail === next.contactEmail) return before;
    await writeStoreConfigValue(trx, 'store_name', next.name);
    await writeStoreConfigValue(trx, 'contact_recipient_email', next.contactEmail);
    await trx.updateTable('store_view').set({ name: next.name }).where('id', '=', DEFAULT_STORE_ID).execute();
    await recordAudit(
      trx,
      actor,
      { action: 'settings.store', entityType: 'settings', entityId: 'store', before, after: next },
      at,
    );
    return next;
  });
}
