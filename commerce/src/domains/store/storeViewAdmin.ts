import type { Kysely } from 'kysely';
import type { Database, StoreViewTable } from '../../db/tables';
import { fieldError, requiredText } from '../../kernel/formInput';
import { baseCurrencyCode } from '../../kernel/storeConfig';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';
import { inWriteTransaction, type UnitOfWork } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';

// Store views and currency rates as the back office edits them. Every write bumps the catalog
// version in its transaction: the per-process store-view cache (storeViews.ts) and the response
// caches are kept per catalog version, so the storefront answers with the change at its next
// request, without a restart.

/** The locales a store view may speak: the ones Magento ships language packs for most often. */
export const STORE_LOCALES = [
  'de_DE',
  'en_AU',
  'en_CA',
  'en_GB',
  'en_US',
  'es_ES',
  'fr_CA',
  'fr_FR',
  'it_IT',
  'nl_NL',
  'pt_BR',
  'pt_PT',
] as const;

/** Magento's store code rule: a letter, then letters, digits or underscores; 32 characters at most. */
const STORE_CODE = /^[a-z][a-z0-9_]{0,31}$/;
/** Codes that would clash with the shop's own addresses (the back office lives under /admin). */
const RESERVED_CODES = new Set(['admin', 'api', 'assets', 'graphql', 'media', 'static']);
const MAX_RATE = 1_000_000;
/** A rate as typed: digits, an optional point and up to 6 decimals. */
const DECIMAL = /^\d{1,7}(\.\d{1,6})?$/;

export interface StoreViewInput {
  /** Absent for a new store view. */
  id: number | null;
  code: string;
  name: string;
  locale: string;
  defaultCurrency: string;
  /** The currencies a shopper may pick there; the default currency is added when missing. */
  allowedCurrencies: readonly string[];
  active: boolean;
  sortOrder: number;
}

export interface StoreViewAdminView {
  stores: StoreViewTable[];
  baseCurrency: string;
  /** Every currency with a rate from the base currency, the base itself at 1. */
  rates: Array<{ currency: string; rate: number }>;
  locales: readonly string[];
}

async function shopRates(db: Kysely<Database>, base: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('currency_rate')
    .select(['currency_to', 'rate'])
    .where('currency_from', '=', base)
    .execute();
  const rates = new Map(rows.map((r) => [r.currency_to, Number(r.rate)]));
  rates.set(base, 1);
  return rates;
}

export async function readStoreViewAdmin(db: Kysely<Database>): Promise<StoreViewAdminView> {
  const base = await baseCurrencyCode(db);
  const [stores, rates] = await Promise.all([
    db.selectFrom('store_view').selectAll().orderBy('sort_order').orderBy('id').execute(),
    shopRates(db, base),
  ]);
  return {
    stores,
    baseCurrency: base,
    rates: [...rates]
      .map(([currency, rate]) => ({ currency, rate }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    locales: STORE_LOCALES,
  };
}

function checkedCode(value: string): string {
  const code = value.trim().toLowerCase();
  if (!STORE_CODE.test(code))
    throw fieldError(
      'code',
      `Code: "${value.trim()}" is not a store code: start with a letter, then letters (a-z), digits (0-9) or underscores (_), 32 characters at most.`,
    );
  if (RESERVED_CODES.has(code)) throw fieldError('code', `Code: "${code}" is reserved for the shop's own addresses.`);
  return code;
}

function checkedCurrency(field: string, value: string, offered: Map<string, number>): string {
  const code = value.trim().toUpperCase();
  if (!offered.has(code))
    throw fieldError(
      field,
      `Currency: the shop has no rate for "${value.trim()}"; choose one of ${[...offered.keys()].sort().join(', ')} or add its rate first.`,
    );
  return code;
}

/** Checks everything that needs no other row; the rest is checked in the transaction. */
function checkedFields(input: StoreViewInput) {
  const name = requiredText('name', 'Name', input.name, 255);
  const locale = input.locale.trim();
  if (!(STORE_LOCALES as readonly string[]).includes(locale))
    throw fieldError('locale', `Locale: "${locale}" is not one of ${STORE_LOCALES.join(', ')}.`);
  if (!Number.isSafeInteger(input.sortOrder) || input.sortOrder < 0 || input.sortOrder > 9999)
    throw fieldError('sortOrder', `Sort order: a whole number from 0 to 9999 (got ${input.sortOrder}).`);
  return { code: checkedCode(input.code), name, locale };
}

/** Adds or changes a store view; owners only (the API checks the role). */
export async function saveStoreView(
  db: Kysely<Database>,
  input: StoreViewInput,
  actor: Actor,
  at: Date,
): Promise<StoreViewTable> {
  const fields = checkedFields(input);
  return inWriteTransaction(db, { actor, clock: () => at }, async (uow) => {
    // First: the catalog version's row lock makes concurrent store-view writers take turns, so
    // the uniqueness check below and the write cannot interleave (PostgreSQL; SQLite has one writer).
    await uow.lockCatalogVersion();
    const trx = uow.db;
    const offered = await shopRates(trx, await baseCurrencyCode(trx));
    const defaultCurrency = checkedCurrency('defaultCurrency', input.defaultCurrency, offered);
    const allowed = [...new Set(input.allowedCurrencies.map((c) => checkedCurrency('allowedCurrencies', c, offered)))];
    if (!allowed.includes(defaultCurrency)) allowed.unshift(defaultCurrency);
    const before =
      input.id === null
        ? undefined
        : await trx.selectFrom('store_view').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (input.id !== null && !before) throw fieldError('id', `There is no store view ${input.id}.`);
    if (before?.id === DEFAULT_STORE_ID && !input.active)
      throw fieldError('active', 'The default store view cannot be disabled: shoppers without a store choice see it.');
    const clash = await trx
      .selectFrom('store_view')
      .select('id')
      .where('code', '=', fields.code)
      .where('id', '!=', input.id ?? 0)
      .executeTakeFirst();
    if (clash) throw fieldError('code', `Code: another store view is "${fields.code}" already.`);
    const row = {
      code: fields.code,
      name: fields.name,
      locale: fields.locale,
      default_display_currency_code: defaultCurrency,
      allowed_currency_codes: allowed.join(','),
      sort_order: input.sortOrder,
      is_active: input.active ? 1 : 0,
    };
    const saved = before ? await updateView(uow, before, row) : await insertView(uow, row);
    await recordAudit(
      trx,
      actor,
      {
        action: before ? 'store_view.update' : 'store_view.create',
        entityType: 'store_view',
        entityId: String(saved.id),
        before,
        after: saved,
      },
      uow.now,
    );
    return saved;
  });
}

type StoreViewRow = Omit<StoreViewTable, 'id'>;

async function insertView(uow: UnitOfWork, row: StoreViewRow): Promise<StoreViewTable> {
  const last = await uow.db
    .selectFrom('store_view')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const id = Math.max(DEFAULT_STORE_ID, Number(last?.id ?? 0)) + 1;
  await uow.db
    .insertInto('store_view')
    .values({ id, ...row })
    .execute();
  // A new store view lives under /<code>/ (the storefront links a store by its base link URL).
  await writeOwnLinks(uow, id, row.code);
  return { id, ...row };
}

async function updateView(uow: UnitOfWork, before: StoreViewTable, row: StoreViewRow): Promise<StoreViewTable> {
  await uow.db.updateTable('store_view').set(row).where('id', '=', before.id).execute();
  if (before.id !== DEFAULT_STORE_ID && before.code !== row.code) {
    // Its address follows the code when it was the one this page gave it.
    const link = await uow.db
      .selectFrom('store_view_config')
      .select('value')
      .where('store_id', '=', before.id)
      .where('key', '=', 'base_link_url')
      .executeTakeFirst();
    if (!link || link.value === `/${before.code}/`) await writeOwnLinks(uow, before.id, row.code);
  }
  return { id: before.id, ...row };
}

async function writeOwnLinks(uow: UnitOfWork, storeId: number, code: string): Promise<void> {
  const keys = ['base_link_url', 'secure_base_link_url'];
  await uow.db.deleteFrom('store_view_config').where('store_id', '=', storeId).where('key', 'in', keys).execute();
  await uow.db
    .insertInto('store_view_config')
    .values(keys.map((key) => ({ store_id: storeId, key, value: `/${code}/` })))
    .execute();
}

/**
 * Adds or changes the rate of a currency from the base currency. `rate` is the text typed in
 * the form, checked as a positive decimal so that "1e3" or "0x10" are refused, not read.
 */
export async function saveCurrencyRate(
  db: Kysely<Database>,
  currency: string,
  rate: string,
  actor: Actor,
  at: Date,
): Promise<{ currency: string; rate: number }> {
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code))
    throw fieldError('currency', `Currency: "${currency.trim()}" is not an ISO 4217 currency code such as EUR.`);
  const typed = rate.trim();
  const value = Number(typed);
  if (!DECIMAL.test(typed) || !(value > 0) || value > MAX_RATE)
    throw fieldError('rate', `Rate: "${typed}" is not a decimal above 0 and at most ${MAX_RATE}, such as 0.92.`);
  return inWriteTransaction(db, { actor, clock: () => at }, async (uow) => {
    await uow.lockCatalogVersion();
    const trx = uow.db;
    const base = await baseCurrencyCode(trx);
    if (code === base)
      throw fieldError('currency', `Currency: ${base} is the base currency; it converts to itself at 1.`);
    const previous = await trx
      .selectFrom('currency_rate')
      .select('rate')
      .where('currency_from', '=', base)
      .where('currency_to', '=', code)
      .executeTakeFirst();
    await trx.deleteFrom('currency_rate').where('currency_from', '=', base).where('currency_to', '=', code).execute();
    await trx.insertInto('currency_rate').values({ currency_from: base, currency_to: code, rate: value }).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'currency_rate.save',
        entityType: 'currency_rate',
        entityId: `${base}-${code}`,
        before: previous ? { rate: Number(previous.rate) } : undefined,
        after: { rate: value },
      },
      uow.now,
    );
    return { currency: code, rate: value };
  });
}
