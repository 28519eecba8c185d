import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { baseCurrencyCode } from '../../kernel/storeConfig';
import { inWriteTransaction, NO_PRODUCT_CHANGED } from '../../kernel/transaction';
import { inputError } from '../errors';

// Setting how much of a display currency one unit of the base currency buys. The change bumps the
// catalog version in the same transaction, so every process drops cached answers with the old
// converted prices and reads the new rate with its next request.

const MAX_RATE = 1_000_000;

export async function setExchangeRate(
  db: Kysely<Database>,
  currency: string,
  rate: number,
): Promise<{ base: string; currency: string; rate: number }> {
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw inputError(`"${currency}" is not a three-letter ISO 4217 currency code.`);
  if (!Number.isFinite(rate) || rate <= 0 || rate > MAX_RATE)
    throw inputError(`The rate must be a number above 0 and at most ${MAX_RATE}; got "${rate}".`);
  return inWriteTransaction(db, async ({ db: trx, catalogChanged }) => {
    const base = await baseCurrencyCode(trx);
    if (code === base && rate !== 1) throw inputError(`The base currency ${base} converts to itself at 1.`);
    await trx.deleteFrom('currency_rate').where('currency_from', '=', base).where('currency_to', '=', code).execute();
    await trx.insertInto('currency_rate').values({ currency_from: base, currency_to: code, rate }).execute();
    // Prices are converted when answered: no product row, word or listing changes.
    catalogChanged(NO_PRODUCT_CHANGED);
    return { base, currency: code, rate };
  });
}
