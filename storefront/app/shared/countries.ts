import { graphql } from '../__generated__/gql';
/** A country of Magento's directory as address forms offer it. */
export interface CountryChoice {
  id: string;
  name: string;
  /** Empty for countries where the region is free text. */
  regions: ReadonlyArray<{ id: number; code: string; name: string }>;
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
  }
`);

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
): CountryChoice[] {
  const choices: CountryChoice[] = [];
  for (const country of countries ?? []) {
    if (!country?.id) continue;
    const regions = (country.available_regions ?? []).flatMap((region) =>
      region?.id != null && region.name ? [{ id: region.id, code: region.code ?? '', name: region.name }] : [],
    );
    choices.push({ id: country.id, name: country.full_name_locale || country.id, regions });
  }
  const collator = new Intl.Collator(locale);
  return choices.sort((a, b) => collator.compare(a.name, b.name));
}
