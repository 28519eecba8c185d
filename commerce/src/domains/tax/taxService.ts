import type { Kysely } from 'kysely';
import type { Database, TaxRateTable } from '../../db/tables';

/** Tax on an amount in minor units, rounded half up (amounts here are never negative). */
export function taxOf(amount: number, ratePpm: number): number {
  return Math.floor((amount * ratePpm + 500_000) / 1_000_000);
}

export function ratePercent(ratePpm: number): number {
  return ratePpm / 10_000;
}

/** The rate for a destination: a region's own rate wins over the country-wide one. */
export async function findTaxRate(
  db: Kysely<Database>,
  countryId: string,
  regionId: number | null,
): Promise<TaxRateTable | null> {
  const rows = await db.selectFrom('tax_rate').selectAll().where('country_id', '=', countryId).execute();
  return (
    rows.find((r) => regionId !== null && r.region_id === regionId) ?? rows.find((r) => r.region_id === null) ?? null
  );
}
