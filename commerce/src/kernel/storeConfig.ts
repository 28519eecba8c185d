import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

// The one reader and writer of store_config, the shop's settings by key. It reads on every call (a
// changed setting applies at once in every process sharing the database, as in Magento), and within
// a transaction it sees that transaction's writes. The table is the kernel's (domains/tableOwners.ts);
// each domain keeps its own keys (store: the shop's name, payment: the methods' switches, …).

/** Every setting as stored (strings), keyed by Magento's storeConfig field names. */
export async function readStoreConfig(db: Kysely<Database>): Promise<Record<string, string>> {
  const rows = await db.selectFrom('store_config').select(['key', 'value']).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Some settings, in one query; a setting that is not stored is missing from the answer. */
export async function readStoreConfigValues<K extends string>(
  db: Kysely<Database>,
  keys: readonly K[],
): Promise<Partial<Record<K, string>>> {
  if (keys.length === 0) return {};
  const rows = await db.selectFrom('store_config').select(['key', 'value']).where('key', 'in', keys).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<Record<K, string>>;
}

export async function readStoreConfigValue(db: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await readStoreConfigValues(db, [key]))[key];
}

/** The currency prices are stored in; USD when the shop has not set one. */
export async function baseCurrencyCode(db: Kysely<Database>): Promise<string> {
  return (await readStoreConfigValue(db, 'base_currency_code')) ?? 'USD';
}

/** Stores one setting, replacing what was there, in the caller's transaction. */
export async function writeStoreConfigValue(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db.deleteFrom('store_config').where('key', '=', key).execute();
  await db.insertInto('store_config').values({ key, value }).execute();
}
