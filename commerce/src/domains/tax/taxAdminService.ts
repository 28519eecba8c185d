import type { Kysely } from 'kysely';
import type { Database, TaxRateTable } from '../../db/tables';
import { fieldError, requiredText } from '../../kernel/formInput';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';

// Tax rates as the back office edits them: the whole list is saved at once (rows kept, changed,
// added and removed), so the rule "one rate per country and region" is checked on the list as it
// will be. A rate is a percentage with up to 4 decimals, stored in parts per million.

export interface TaxRateRecord {
  rate: TaxRateTable;
  countryName: string;
  region: { id: number; code: string; name: string } | null;
}

export interface TaxRateInput {
  /** Absent for a new rate. */
  id?: number | null;
  countryId: string;
  /** Null: the whole country. */
  regionId?: number | null;
  /** Percent, 0 to 100, at most 4 decimals. */
  ratePercent: number;
  label: string;
}

const PPM_PER_PERCENT = 10_000;

export async function readTaxRates(db: Kysely<Database>): Promise<TaxRateRecord[]> {
  const rows = await db
    .selectFrom('tax_rate')
    .leftJoin('country', 'country.id', 'tax_rate.country_id')
    .leftJoin('region', 'region.id', 'tax_rate.region_id')
    .selectAll('tax_rate')
    .select(['country.name as country_name', 'region.code as region_code', 'region.name as region_name'])
    .orderBy('tax_rate.country_id')
    .orderBy('region.code')
    .orderBy('tax_rate.id')
    .execute();
  return rows.map(({ country_name, region_code, region_name, ...rate }) => ({
    rate,
    countryName: country_name ?? rate.country_id,
    region: rate.region_id === null ? null : { id: rate.region_id, code: region_code ?? '', name: region_name ?? '' },
  }));
}

function ppmOf(field: string, percent: number): number {
  if (!Number.isFinite(percent)) throw fieldError(field, 'Rate must be a number.');
  if (percent < 0 || percent > 100) throw fieldError(field, `Rate must be between 0 and 100 % (got ${percent}).`);
  const ppm = Math.round(percent * PPM_PER_PERCENT);
  if (Math.abs(ppm - percent * PPM_PER_PERCENT) > 1e-6)
    throw fieldError(field, `Rate has more than 4 decimals (got ${percent}).`);
  return ppm;
}

const auditView = (rows: TaxRateTable[]) =>
  rows.map((r) => ({ id: r.id, country: r.country_id, regionId: r.region_id, ppm: r.rate_ppm, label: r.label }));

/**
 * Replaces the tax rates with `inputs`, in one transaction with its audit entry: rows with an id
 * change that rate, rows without one are added, and rates not named are removed. Cart prices use
 * the new rates at once.
 */
export async function replaceTaxRates(
  db: Kysely<Database>,
  inputs: readonly TaxRateInput[],
  actor: Actor,
  at: Date,
): Promise<TaxRateRecord[]> {
  await inWriteTransaction(db, { actor, clock: () => at }, async ({ db: trx, lockCatalogVersion }) => {
    // First: the catalog version's row lock makes concurrent settings writers take turns on
    // PostgreSQL, so the duplicate check below and the new ids (max + 1) hold until commit.
    await lockCatalogVersion();
    const [current, countries, regions] = await Promise.all([
      trx.selectFrom('tax_rate').selectAll().orderBy('id').execute(),
      trx.selectFrom('country').select('id').execute(),
      trx.selectFrom('region').select(['id', 'country_id', 'code']).execute(),
    ]);
    const countryIds = new Set(countries.map((c) => c.id));
    let nextId = current.reduce((max, r) => Math.max(max, r.id), 0) + 1;
    const seenIds = new Set<number>();
    const seenPlaces = new Map<string, number>();
    const next: TaxRateTable[] = inputs.map((input, index) => {
      const field = (name: string) => `taxRates.${index}.${name}`;
      const countryId = input.countryId.trim().toUpperCase();
      if (!countryId) throw fieldError(field('countryId'), 'Country: This field is required.');
      if (!countryIds.has(countryId))
        throw fieldError(field('countryId'), `Country: "${input.countryId}" is not a country of the directory.`);
      const regionId = input.regionId ?? null;
      const region = regionId === null ? null : regions.find((r) => r.id === regionId);
      if (region === undefined || (region && region.country_id !== countryId))
        throw fieldError(field('regionId'), `Region: ${regionId} is not a region of ${countryId}.`);
      const place = `${countryId}/${regionId ?? '*'}`;
      if (seenPlaces.has(place))
        throw fieldError(
          field('regionId'),
          `There is already a rate for ${countryId}${region ? ` ${region.code}` : ' (the whole country)'}; keep one.`,
        );
      seenPlaces.set(place, index);
      let id: number;
      if (input.id === null || input.id === undefined) id = nextId++;
      else {
        if (!current.some((r) => r.id === input.id) || seenIds.has(input.id))
          throw fieldError(field('id'), `There is no tax rate ${input.id} to change.`);
        id = input.id;
      }
      seenIds.add(id);
      return {
        id,
        country_id: countryId,
        region_id: regionId,
        rate_ppm: ppmOf(field('ratePercent'), input.ratePercent),
        label: requiredText(field('label'), 'Label', input.label),
      };
    });
    const sorted = [...next].sort((a, b) => a.id - b.id);
    if (JSON.stringify(auditView(current)) === JSON.stringify(auditView(sorted))) return;
    await trx.deleteFrom('tax_rate').execute();
    if (next.length > 0) await trx.insertInto('tax_rate').values(next).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'settings.taxRates',
        entityType: 'settings',
        entityId: 'taxRates',
        before: auditView(current),
        after: auditView(sorted),
      },
      at,
    );
  });
  return readTaxRates(db);
}

/** The directory's countries by name, each with its regions by name: what a rate can be for. */
export async function readCountriesWithRegions(db: Kysely<Database>) {
  const [countries, regions] = await Promise.all([
    db.selectFrom('country').select(['id', 'name']).orderBy('name').execute(),
    db.selectFrom('region').select(['id', 'country_id', 'code', 'name']).orderBy('name').execute(),
  ]);
  const byCountry = new Map<string, Array<{ id: number; code: string; name: string }>>();
  for (const region of regions) {
    const list = byCountry.get(region.country_id) ?? [];
    list.push({ id: region.id, code: region.code, name: region.name });
    byCountry.set(region.country_id, list);
  }
  return countries.map((c) => ({ id: c.id, name: c.name, regions: byCountry.get(c.id) ?? [] }));
}
