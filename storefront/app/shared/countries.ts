import { graphql } from '../__generated__/gql';
/** A country of Magento's directory as address forms offer it. */
export interface CountryChoice {
  id: string;
  name: string;
  /** Empty for countries where the region is free text. */
  regions: ReadonlyArray<{ id: number; code: string; name: string }>;
  /** Whether an address must name a region (Magento's "State Options": state required). */
  regionRequired: boolean;
  /** Whether an address must have a postal code (not on Magento's optional zip list). */
  postcodeRequired: boolean;
}

/** The country directory every address form offers: one query, so every feature shares its cache entry. */
export const CountriesQuery = graphql(`
  query Countries {
    countries {
      id
      full_name_locale
      available_regions {
        id
        code
        name
      }
    }
    storeConfig {
      store_code
      countries_with_required_region
      optional_zip_countries
    }
  }
`);

/** The store's rules for addresses: Magento's storeConfig lists, comma-separated country codes. */
interface AddressRulesConfig {
  countries_with_required_region?: string | null;
  optional_zip_countries?: string | null;
}

// Where the backend states no rules, the ones Vela's server applies: a region for the United
// States and Canada only; no postal code needed in Hong Kong and Ireland.
const DEFAULT_REGION_REQUIRED = 'US,CA';
const DEFAULT_OPTIONAL_ZIP = 'HK,IE';

function codeSet(list: string | null | undefined, fallback: string): ReadonlySet<string> {
  const codes = (list ?? fallback)
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  return new Set(codes);
}

// The shape of CountriesQuery's answer.
interface DirectoryCountry {
  id?: string | null;
  full_name_locale?: string | null;
  available_regions?: ReadonlyArray<{ id?: number | null; code?: string | null; name?: string | null } | null> | null;
}

/** The directory as a form needs it, sorted by the name shoppers read in their locale. */
export function toCountryChoices(
  countries: ReadonlyArray<DirectoryCountry | null> | null | undefined,
  locale: string,
  rules?: AddressRulesConfig | null,
): CountryChoice[] {
  const regionRequired = codeSet(rules?.countries_with_required_region, DEFAULT_REGION_REQUIRED);
  const optionalZip = codeSet(rules?.optional_zip_countries, DEFAULT_OPTIONAL_ZIP);
  const choices: CountryChoice[] = [];
  for (const country of countries ?? []) {
    if (!country?.id) continue;
    const regions = (country.available_regions ?? []).flatMap((region) =>
      region?.id != null && region.name ? [{ id: region.id, code: region.code ?? '', name: region.name }] : [],
    );
    choices.push({
      id: country.id,
      name: country.full_name_locale || country.id,
      regions,
      // A region is asked for only where the country has a list to choose from.
      regionRequired: regions.length > 0 && regionRequired.has(country.id),
      postcodeRequired: !optionalZip.has(country.id),
    });
  }
  const collator = new Intl.Collator(locale);
  return choices.sort((a, b) => collator.compare(a.name, b.name));
}
