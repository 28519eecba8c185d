import type { Kysely } from 'kysely';
import type { CountryTable, Database, RegionTable } from '../../db/tables';
import { noSuchEntityError } from '../errors';

export { magentoDirectory, writeDirectory } from './directoryData';

export interface CountryWithRegions extends CountryTable {
  regions: RegionTable[];
}

async function withRegions(db: Kysely<Database>, countries: CountryTable[]): Promise<CountryWithRegions[]> {
  if (countries.length === 0) return [];
  const regions = await db
    .selectFrom('region')
    .selectAll()
    .where(
      'country_id',
      'in',
      countries.map((c) => c.id),
    )
    .orderBy('name')
    .execute();
  return countries.map((c) => ({ ...c, regions: regions.filter((r) => r.country_id === c.id) }));
}

export async function listCountries(db: Kysely<Database>): Promise<CountryWithRegions[]> {
  return withRegions(db, await db.selectFrom('country').selectAll().orderBy('name').execute());
}

export async function findCountry(db: Kysely<Database>, id: string | null | undefined): Promise<CountryWithRegions> {
  const country = id
    ? await db.selectFrom('country').selectAll().where('id', '=', id.toUpperCase()).executeTakeFirst()
    : undefined;
  if (!country) throw noSuchEntityError("The country isn't available.");
  return (await withRegions(db, [country]))[0] as CountryWithRegions;
}

/** Every country's name by its id, for lists that show names beside stored codes. */
export async function countryNames(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('country').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * A shipping destination as a shopper names it: the country by code, the region by id, code or
 * name (any case); null when the shop does not know the country. An unknown region is no region.
 */
export async function findDestination(
  db: Kysely<Database>,
  countryCode: string,
  region: { region?: string | null; region_code?: string | null; region_id?: number | null } | null | undefined,
): Promise<{ countryId: string; regionId: number | null } | null> {
  const country = await db.selectFrom('country').select('id').where('id', '=', countryCode).executeTakeFirst();
  if (!country) return null;
  let regionId: number | null = region?.region_id ?? null;
  const named = (region?.region_code ?? region?.region)?.trim().toLowerCase();
  if (regionId === null && named) {
    const regions = await db.selectFrom('region').selectAll().where('country_id', '=', country.id).execute();
    regionId = regions.find((r) => r.code.toLowerCase() === named || r.name.toLowerCase() === named)?.id ?? null;
  }
  return { countryId: country.id, regionId };
}

/**
 * Magento's two address-rule lists as storeConfig answers them (comma-separated country codes):
 * where an address needs a region, and where it may leave the postcode out.
 */
export async function addressRuleLists(
  db: Kysely<Database>,
): Promise<{ countries_with_required_region: string; optional_zip_countries: string }> {
  const rows = await db
    .selectFrom('country')
    .select(['id', 'region_required', 'postcode_optional'])
    .where((eb) => eb.or([eb('region_required', '=', 1), eb('postcode_optional', '=', 1)]))
    .orderBy('id')
    .execute();
  return {
    countries_with_required_region: rows
      .filter((r) => r.region_required === 1)
      .map((r) => r.id)
      .join(','),
    optional_zip_countries: rows
      .filter((r) => r.postcode_optional === 1)
      .map((r) => r.id)
      .join(','),
  };
}

export function createDirectoryService(db: Kysely<Database>) {
  return {
    countries: () => listCountries(db),
    country: (id: string | null | undefined) => findCountry(db, id),
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
