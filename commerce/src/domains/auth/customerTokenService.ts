import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { digestToken, newSecretToken } from '../../kernel/secretTokens';
import { readStoreConfigValue } from '../../kernel/storeConfig';

/** Magento's oauth/access_token_lifetime/customer default. */
export const DEFAULT_TOKEN_LIFETIME_HOURS = 1;

/** Read on every check, so a changed lifetime applies to tokens already issued (as in Magento). */
export async function tokenLifetimeHours(db: Kysely<Database>): Promise<number> {
  const stored = await readStoreConfigValue(db, 'customer_access_token_lifetime');
  const hours = Number(stored);
  return stored !== undefined && Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_TOKEN_LIFETIME_HOURS;
}

export async function issueCustomerToken(db: Kysely<Database>, customerId: number, now: Date): Promise<string> {
  const token = newSecretToken();
  await db
    .insertInto('customer_token')
    .values({ token_hash: digestToken(token), customer_id: customerId, created_at: now.toISOString() })
    .execute();
  return token;
}

/** The customer a live token belongs to; null for unknown, revoked or expired tokens. */
export async function customerIdForToken(db: Kysely<Database>, token: string, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('customer_token')
    .select(['customer_id', 'created_at'])
    .where('token_hash', '=', digestToken(token))
    .executeTakeFirst();
  if (!row) return null;
  const expires = Date.parse(row.created_at) + (await tokenLifetimeHours(db)) * 3_600_000;
  return now.getTime() < expires ? row.customer_id : null;
}

export async function revokeCustomerToken(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('customer_token').where('token_hash', '=', digestToken(token)).execute();
}

/** Signs the customer out everywhere: after a password change or reset. */
export async function revokeAllCustomerTokens(db: Kysely<Database>, customerId: number): Promise<void> {
  await db.deleteFrom('customer_token').where('customer_id', '=', customerId).execute();
}

/** Expired rows are useless; dropping a customer's old ones on sign-in keeps the table small. */
export async function pruneExpiredTokens(db: Kysely<Database>, customerId: number, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - (await tokenLifetimeHours(db)) * 3_600_000).toISOString();
  await db
    .deleteFrom('customer_token')
    .where('customer_id', '=', customerId)
    .where('created_at', '<', cutoff)
    .execute();
}
