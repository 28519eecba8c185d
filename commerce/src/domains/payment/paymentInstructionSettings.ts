import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { fieldError } from '../../kernel/formInput';
import { multiLineText, singleLineText } from '../../kernel/inputRules';
import { readStoreConfigValues, writeStoreConfigValue } from '../../kernel/storeConfig';
import { inWriteTransaction, NO_PRODUCT_CHANGED } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { CHECK_PAYABLE_TO_KEY, CHECK_SEND_TO_KEY, paymentInstructionsKey } from './offlinePaymentInstructions';

// What the back office's payment settings say to shoppers who pay offline: the check's payee and
// postal address, the bank-transfer and cash-on-delivery instructions. Shop-wide values (a store
// view's own, under the same keys in store_view_config, win over them). Plain text, shown escaped.

export interface PaymentInstructionSettings {
  checkPayableTo: string;
  checkSendTo: string;
  bankTransfer: string;
  cashOnDelivery: string;
}

const KEYS: Record<keyof PaymentInstructionSettings, string> = {
  checkPayableTo: CHECK_PAYABLE_TO_KEY,
  checkSendTo: CHECK_SEND_TO_KEY,
  bankTransfer: paymentInstructionsKey('banktransfer'),
  cashOnDelivery: paymentInstructionsKey('cashondelivery'),
};
const FIELDS: ReadonlyArray<keyof PaymentInstructionSettings> = [
  'checkPayableTo',
  'checkSendTo',
  'bankTransfer',
  'cashOnDelivery',
];

const LABELS: Record<keyof PaymentInstructionSettings, string> = {
  checkPayableTo: 'Make check payable to',
  checkSendTo: 'Send check to',
  bankTransfer: 'Bank transfer instructions',
  cashOnDelivery: 'Cash on delivery instructions',
};

/** Longest free text, in characters: room for an address or bank details, not for a document. */
export const MAX_INSTRUCTIONS = 1000;

export async function readPaymentInstructionSettings(db: Kysely<Database>): Promise<PaymentInstructionSettings> {
  const stored = await readStoreConfigValues(db, Object.values(KEYS));
  return {
    checkPayableTo: stored[KEYS.checkPayableTo] ?? '',
    checkSendTo: stored[KEYS.checkSendTo] ?? '',
    bankTransfer: stored[KEYS.bankTransfer] ?? '',
    cashOnDelivery: stored[KEYS.cashOnDelivery] ?? '',
  };
}

function checked(input: PaymentInstructionSettings): PaymentInstructionSettings {
  const guard = (field: keyof PaymentInstructionSettings, check: () => string | null): string => {
    try {
      return check() ?? '';
    } catch (error) {
      throw fieldError(field, error instanceof Error ? error.message : String(error));
    }
  };
  return {
    checkPayableTo: guard('checkPayableTo', () => singleLineText(LABELS.checkPayableTo, input.checkPayableTo, 255)),
    checkSendTo: guard('checkSendTo', () => multiLineText(LABELS.checkSendTo, input.checkSendTo, MAX_INSTRUCTIONS)),
    bankTransfer: guard('bankTransfer', () => multiLineText(LABELS.bankTransfer, input.bankTransfer, MAX_INSTRUCTIONS)),
    cashOnDelivery: guard('cashOnDelivery', () =>
      multiLineText(LABELS.cashOnDelivery, input.cashOnDelivery, MAX_INSTRUCTIONS),
    ),
  };
}

/**
 * Replaces the four texts (an empty one says nothing to shoppers), in one transaction with its
 * audit entry. Every field is checked before anything is written.
 */
export async function updatePaymentInstructionSettings(
  db: Kysely<Database>,
  input: PaymentInstructionSettings,
  actor: Actor,
  at: Date,
): Promise<PaymentInstructionSettings> {
  const after = checked(input);
  await inWriteTransaction(db, { actor, clock: () => at }, async ({ db: trx, lockCatalogVersion }) => {
    // The catalog version moves with the settings, so every process's cached settings follow.
    // Payment settings change no product row, word or listing.
    await lockCatalogVersion(NO_PRODUCT_CHANGED);
    const before = await readPaymentInstructionSettings(trx);
    const changed = FIELDS.filter((f) => before[f] !== after[f]);
    if (changed.length === 0) return;
    for (const field of changed) await writeStoreConfigValue(trx, KEYS[field], after[field]);
    const view = (s: PaymentInstructionSettings) => Object.fromEntries(changed.map((f) => [f, s[f]]));
    await recordAudit(
      trx,
      actor,
      {
        action: 'settings.payment_instructions',
        entityType: 'settings',
        entityId: 'payment',
        before: view(before),
        after: view(after),
      },
      at,
    );
  });
  return readPaymentInstructionSettings(db);
}
