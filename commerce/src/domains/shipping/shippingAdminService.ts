import type { Insertable, Kysely } from 'kysely';
import type { Database, ShippingCarrierTable, ShippingTableRateTable } from '../../db/tables';
import { fieldError, nonNegativeAmount, requiredText } from '../../kernel/formInput';
import { baseCurrencyCode } from '../../kernel/storeConfig';
import { inWriteTransaction, NO_PRODUCT_CHANGED } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';

// The carriers as the back office edits them: each one on or off, its titles, and its prices by
// kind (a flat rate per item or per order, the subtotal that unlocks free shipping, the table
// rate's price per destination country, '*' standing for every other country). Prices are in
// the base currency; carts convert them.

/** The table rate's row for every country without its own. */
export const ALL_OTHER_COUNTRIES = '*';

export interface ShippingCarrierSettings {
  carrier: ShippingCarrierTable;
  /** The carrier's table-rate rows, countries in alphabetical order and '*' last. */
  tableRates: ShippingTableRateTable[];
}

export interface ShippingSettings {
  baseCurrency: string;
  carriers: ShippingCarrierSettings[];
}

export interface ShippingCarrierInput {
  code: string;
  active: boolean;
  title: string;
  methodTitle: string;
  /** flatrate only, in major units of the base currency. */
  price?: number | null;
  priceType?: 'per_item' | 'per_order' | null;
  /** freeshipping only, in major units. */
  freeThreshold?: number | null;
  /** tablerate only: every row the carrier has after the save. */
  tableRates?: Array<{ countryId: string; price: number }> | null;
}

function byCountry(a: ShippingTableRateTable, b: ShippingTableRateTable): number {
  if (a.country_id === ALL_OTHER_COUNTRIES) return 1;
  if (b.country_id === ALL_OTHER_COUNTRIES) return -1;
  return a.country_id.localeCompare(b.country_id);
}

export async function readShippingSettings(db: Kysely<Database>): Promise<ShippingSettings> {
  const [carriers, rates, baseCurrency] = await Promise.all([
    db.selectFrom('shipping_carrier').selectAll().orderBy('sort_order').orderBy('code').execute(),
    db.selectFrom('shipping_table_rate').selectAll().execute(),
    baseCurrencyCode(db),
  ]);
  return {
    baseCurrency,
    carriers: carriers.map((carrier) => ({
      carrier,
      tableRates: rates.filter((r) => r.carrier_code === carrier.code).sort(byCountry),
    })),
  };
}

type CheckedCarrier = { row: ShippingCarrierTable; tableRates: ShippingTableRateTable[] | null };

function checkCarrier(
  current: ShippingCarrierTable,
  input: ShippingCarrierInput,
  currency: string,
  countries: Set<string>,
): CheckedCarrier {
  const field = (name: string) => `carriers.${current.code}.${name}`;
  const row: ShippingCarrierTable = {
    ...current,
    is_active: input.active ? 1 : 0,
    title: requiredText(field('title'), `${current.title}: Title`, input.title),
    method_title: requiredText(field('methodTitle'), `${current.title}: Method title`, input.methodTitle),
  };
  let tableRates: ShippingTableRateTable[] | null = null;
  if (current.kind === 'flatrate') {
    if (input.price === null || input.price === undefined)
      throw fieldError(field('price'), `${current.title}: Price: This field is required.`);
    row.price = nonNegativeAmount(field('price'), `${current.title}: Price`, input.price, currency);
    if (input.priceType !== 'per_item' && input.priceType !== 'per_order')
      throw fieldError(field('priceType'), `${current.title}: Charge the price per item or per order.`);
    row.price_type = input.priceType;
  }
  if (current.kind === 'freeshipping') {
    if (input.freeThreshold === null || input.freeThreshold === undefined)
      throw fieldError(field('freeThreshold'), `${current.title}: Free from: This field is required.`);
    row.free_threshold = nonNegativeAmount(
      field('freeThreshold'),
      `${current.title}: Free from`,
      input.freeThreshold,
      currency,
    );
  }
  if (current.kind === 'tablerate' && input.tableRates) {
    const seen = new Set<string>();
    tableRates = input.tableRates.map((rate, index) => {
      const countryId = rate.countryId.trim().toUpperCase();
      const at = (name: string) => field(`tableRates.${index}.${name}`);
      if (countryId !== ALL_OTHER_COUNTRIES && !countries.has(countryId))
        throw fieldError(at('countryId'), `${current.title}: "${rate.countryId}" is not a country of the directory.`);
      if (seen.has(countryId))
        throw fieldError(
          at('countryId'),
          `${current.title}: ${countryId === ALL_OTHER_COUNTRIES ? 'All other countries' : countryId} has two rows; keep one.`,
        );
      seen.add(countryId);
      return {
        carrier_code: current.code,
        country_id: countryId,
        price: nonNegativeAmount(at('price'), `${current.title}: Price for ${countryId}`, rate.price, currency),
      };
    });
  }
  return { row, tableRates: tableRates?.sort(byCountry) ?? null };
}

function settingsOf(checked: CheckedCarrier, currentRates: ShippingTableRateTable[]) {
  const { row } = checked;
  return {
    active: row.is_active === 1,
    title: row.title,
    methodTitle: row.method_title,
    price: row.price,
    priceType: row.price_type,
    freeThreshold: row.free_threshold,
    tableRates: (checked.tableRates ?? currentRates).map((r) => ({ country: r.country_id, price: r.price })),
  };
}

/**
 * Saves the carriers given (the others stay as they are) in one transaction with its audit entry;
 * carts quote the new prices at once.
 */
export async function updateShippingSettings(
  db: Kysely<Database>,
  inputs: readonly ShippingCarrierInput[],
  actor: Actor,
  at: Date,
): Promise<ShippingSettings> {
  if (inputs.length === 0) throw fieldError('carriers', 'Name at least one carrier to save.');
  const codes = new Set<string>();
  for (const input of inputs) {
    if (codes.has(input.code)) throw fieldError('carriers', `The carrier "${input.code}" is named twice.`);
    codes.add(input.code);
  }
  await inWriteTransaction(db, { actor, clock: () => at }, async ({ db: trx, lockCatalogVersion }) => {
    // First: the catalog version's row lock makes concurrent settings writers take turns (PostgreSQL).
    // Shipping settings change no product row, word or listing.
    await lockCatalogVersion(NO_PRODUCT_CHANGED);
    const current = await readShippingSettings(trx);
    const countries = new Set((await trx.selectFrom('country').select('id').execute()).map((c) => c.id));
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const input of inputs) {
      const existing = current.carriers.find((c) => c.carrier.code === input.code);
      if (!existing) throw fieldError('carriers', `There is no carrier "${input.code}".`);
      const checked = checkCarrier(existing.carrier, input, current.baseCurrency, countries);
      const was = settingsOf({ row: existing.carrier, tableRates: null }, existing.tableRates);
      const now = settingsOf(checked, existing.tableRates);
      if (JSON.stringify(was) === JSON.stringify(now)) continue;
      before[input.code] = was;
      after[input.code] = now;
      const { code, ...changes } = checked.row;
      await trx.updateTable('shipping_carrier').set(changes).where('code', '=', code).execute();
      if (checked.tableRates) {
        await trx.deleteFrom('shipping_table_rate').where('carrier_code', '=', code).execute();
        if (checked.tableRates.length > 0)
          await trx.insertInto('shipping_table_rate').values(checked.tableRates).execute();
      }
    }
    // Checked on the rows as written, inside the transaction: a throw here undoes them all.
    const stillOn = await trx.selectFrom('shipping_carrier').select('code').where('is_active', '=', 1).execute();
    if (stillOn.length === 0)
      throw fieldError(
        'carriers',
        'At least one carrier must stay on: without one, no cart can choose a shipping method and no order can be placed.',
      );
    if (Object.keys(after).length > 0)
      await recordAudit(
        trx,
        actor,
        { action: 'settings.shipping', entityType: 'settings', entityId: 'shipping', before, after },
        at,
      );
  });
  return readShippingSettings(db);
}

/** Adds a carrier (a new shop's default one); the carrier's code must be new. */
export async function insertCarrier(
  db: Kysely<Database>,
  carrier: Insertable<Database['shipping_carrier']>,
): Promise<void> {
  await db.insertInto('shipping_carrier').values(carrier).execute();
}
