import type { Kysely } from 'kysely';
import type { CountryTable, Database, RegionTable } from '../../db/tables';
import directory from './magentoDirectory.json' with { type: 'json' };

// Magento's directory as data (magentoDirectory.json names its source): every country Magento
// installs, the regions its data patches give them, and the address rules Magento derives. A
// shop starts with it, demo or not, so addresses, tax rates and carriers have countries to name.
//
// The rules, as Magento applies them:
// - region required: Magento's installer (and every data patch that adds regions) writes
//   general/region/state_required as the countries that have regions in the directory, less
//   the few whose addresses do not use them (countriesWithNotRequiredStates: AT, BE, DE, FI, FR);
//   an address in one of those countries must name one of its regions;
// - postcode optional: general/country/optional_zip_countries of Magento_Directory's config.xml.

interface DirectoryFile {
  optionalZipCountries: string[];
  regionNotRequiredCountries: string[];
  countries: string[][];
  regions: Record<string, string[][]>;
}

/**
 * Names for the few codes whose English name ICU does not give as Magento shows it: AN, the
 * Netherlands Antilles (dissolved in 2010, still in Magento's list), ICU folds into Curaçao.
 */
const NAME_OVERRIDES: Readonly<Record<string, string>> = { AN: 'Netherlands Antilles' };

function englishName(displayNames: Intl.DisplayNames, code: string): string {
  return NAME_OVERRIDES[code] ?? displayNames.of(code) ?? code;
}

/** The countries and regions as table rows; region ids are 1.. in the directory's order. */
export function magentoDirectory(): { countries: CountryTable[]; regions: RegionTable[] } {
  const file = directory as DirectoryFile;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const optionalZip = new Set(file.optionalZipCountries);
  const regionNotRequired = new Set(file.regionNotRequiredCountries);
  const countries = file.countries.map(([id = '', iso3 = '']) => ({
    id,
    iso3,
    name: englishName(names, id),
    region_required: (file.regions[id]?.length ?? 0) > 0 && !regionNotRequired.has(id) ? 1 : 0,
    postcode_optional: optionalZip.has(id) ? 1 : 0,
  }));
  const regions: RegionTable[] = [];
  for (const [countryId, list] of Object.entries(file.regions))
    for (const [code = '', name = ''] of list)
      regions.push({ id: regions.length + 1, country_id: countryId, code, name });
  return { countries, regions };
}

// Stays under SQLite's bound-parameter limit (999) with the country table's five columns.
const BATCH_ROWS = 150;

/** Writes Magento's directory into empty country and region tables. */
export async function writeDirectory(db: Kysely<Database>): Promise<void> {
  const { countries, regions } = magentoDirectory();
  for (let i = 0; i < countries.length; i += BATCH_ROWS)
    await db
      .insertInto('country')
      .values(countries.slice(i, i + BATCH_ROWS))
      .execute();
  for (let i = 0; i < regions.length; i += BATCH_ROWS)
    await db
      .insertInto('region')
      .values(regions.slice(i, i + BATCH_ROWS))
      .execute();
}
