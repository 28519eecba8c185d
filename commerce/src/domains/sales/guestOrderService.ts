import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { RATE_RULES, type RateLimiter } from '../../kernel/rateLimiter';
import { normalizeEmail } from '../../kernel/emailAddress';
import type { StoredAddress } from '../address';
import { authorizationError, inputError, noSuchEntityError } from '../errors';
import { loadOrder, type StoredOrder } from './orderRecordService';

/** One answer for a wrong number, e-mail or postcode, so a lookup tells nothing about which was wrong. */
export const GUEST_ORDER_NOT_FOUND = 'No order matches this order number, e-mail address and postcode.';
const SIGN_IN_TO_VIEW = 'This order belongs to an account. Sign in to view it.';

export interface GuestOrderLookup {
  number: string;
  email: string;
  postcode: string;
}

function postcodeKey(postcode: string | null | undefined): string {
  return (postcode ?? '').replace(/[\s-]/g, '').toUpperCase();
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Magento's guest order lookup: by number with the e-mail and billing postcode given at checkout,
 * or by the order's secret token (from the confirmation). For a shopper whose placeOrder answer
 * was lost on the way, and for "find my order" without an account.
 */
export function createGuestOrderService(db: Kysely<Database>, rateLimits: RateLimiter) {
  return {
    async byNumber(input: GuestOrderLookup, client: string): Promise<StoredOrder> {
      const number = input.number.trim();
      const email = input.email.trim();
      const postcode = postcodeKey(input.postcode);
      if (!number) throw inputError('Enter the order number.');
      if (!email) throw inputError('Enter the e-mail address used for the order.');
      if (!postcode) throw inputError('Enter the billing postcode of the order.');
      if (number.length > 32 || email.length > 254 || postcode.length > 32)
        throw noSuchEntityError(GUEST_ORDER_NOT_FOUND);
      // Counted before the lookup, found or not: three facts to guess make this a poor oracle.
      if (client !== 'unknown') await rateLimits.consume(RATE_RULES.guestOrderLookupPerClient, client);
      const row = await db
        .selectFrom('sales_order')
        .select(['id', 'email', 'billing_address', 'customer_id'])
        .where('number', '=', number)
        .executeTakeFirst();
      const billing = row ? (JSON.parse(row.billing_address) as StoredAddress) : null;
      const matches =
        row !== undefined &&
        sameText(normalizeEmail(row.email), normalizeEmail(email)) &&
        sameText(postcodeKey(billing?.postcode), postcode);
      if (!row || !matches) throw noSuchEntityError(GUEST_ORDER_NOT_FOUND);
      if (row.customer_id !== null) throw authorizationError(SIGN_IN_TO_VIEW);
      return (await loadOrder(db, row.id))!;
    },

    async byToken(rawToken: string): Promise<StoredOrder> {
      const token = rawToken.trim();
      if (!token) throw inputError('Enter the order token.');
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw noSuchEntityError(GUEST_ORDER_NOT_FOUND);
      const row = await db
        .selectFrom('sales_order')
        .select(['id', 'customer_id'])
        .where('token', '=', token)
        .executeTakeFirst();
      if (!row) throw noSuchEntityError(GUEST_ORDER_NOT_FOUND);
      if (row.customer_id !== null) throw authorizationError(SIGN_IN_TO_VIEW);
      return (await loadOrder(db, row.id))!;
    },
  };
}

export type GuestOrderService = ReturnType<typeof createGuestOrderService>;
