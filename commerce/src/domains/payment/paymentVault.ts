import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, VaultPaymentTokenTable } from '../../db/tables';
import { sqlTimestamp } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { inWriteTransaction, type UnitOfWork } from '../../kernel/transaction';
import type { KeptPaymentMethod } from './paymentProvider';

// The vault: cards signed-in customers kept at a gateway. Only the gateway's reusable token and
// what the customer recognises the card by are stored; the storefront names a card by a random
// public hash, and every read and write is limited to the card's owner.

/** A kept card as customerPaymentTokens shows it. */
export interface PaymentTokenView {
  details: string;
  payment_method_code: string;
  public_hash: string;
  type: 'card' | 'account';
}

const notFound = (publicHash: string) =>
  new DomainError('no-such-entity', `Could not find a token using public hash: ${publicHash}`);

// A public hash is ours (64 hex characters); anything else cannot name a card.
const PUBLIC_HASH = /^[0-9a-f]{64}$/;

/** Keeps the card a payment used for its customer, in the unit of work that confirms the payment. */
export async function keepPaymentMethod(
  uow: UnitOfWork,
  customerId: number,
  methodCode: string,
  kept: KeptPaymentMethod,
): Promise<void> {
  await uow.db
    .insertInto('vault_payment_token')
    .values({
      id: randomUUID(),
      customer_id: customerId,
      public_hash: randomBytes(32).toString('hex'),
      payment_method_code: methodCode,
      type: 'card',
      gateway_token: kept.token,
      details: JSON.stringify({ type: kept.type, maskedCC: kept.maskedCC, expirationDate: kept.expirationDate }),
      created_at: sqlTimestamp(uow.now),
    })
    // The same card kept again (Braintree may answer the same token) stays one entry.
    .onConflict((c) => c.columns(['customer_id', 'payment_method_code', 'gateway_token']).doNothing())
    .execute();
}

/** The customer's kept card by its public hash; undefined for anyone else's. */
export async function findKeptPaymentMethod(
  db: Kysely<Database>,
  customerId: number,
  publicHash: string,
): Promise<VaultPaymentTokenTable | undefined> {
  if (!PUBLIC_HASH.test(publicHash)) return undefined;
  return db
    .selectFrom('vault_payment_token')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('public_hash', '=', publicHash)
    .executeTakeFirst();
}

export function isPublicHash(value: string): boolean {
  return PUBLIC_HASH.test(value);
}

export function createPaymentVault(
  db: Kysely<Database>,
  now: () => Date,
  /** Forgets a token at its gateway, by method code; absent when the gateway is not configured. */
  forgetAtGateway: (methodCode: string, token: string) => Promise<void>,
) {
  async function list(customerId: number): Promise<PaymentTokenView[]> {
    const rows = await db
      .selectFrom('vault_payment_token')
      .select(['details', 'payment_method_code', 'public_hash', 'type'])
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows;
  }

  return {
    list,

    /**
     * Forgets one of the customer's kept cards: at the gateway first (so a card the shop no
     * longer shows cannot stay usable there), then here. Another customer's hash is not found,
     * and nothing changes.
     */
    async remove(customerId: number, publicHash: string): Promise<PaymentTokenView[]> {
      const card = await findKeptPaymentMethod(db, customerId, publicHash);
      if (!card) throw notFound(publicHash);
      await forgetAtGateway(card.payment_method_code, card.gateway_token);
      await inWriteTransaction(db, { clock: now }, async (uow) => {
        await uow.db
          .deleteFrom('vault_payment_token')
          .where('id', '=', card.id)
          .where('customer_id', '=', customerId)
          .execute();
      });
      return list(customerId);
    },
  };
}

export type PaymentVault = ReturnType<typeof createPaymentVault>;
