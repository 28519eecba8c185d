import type { CheckoutCountriesQuery } from '../../__generated__/graphql';
import type { CountryOption } from './addressDraft';

/** The directory as the form needs it, sorted by the name shoppers read. */
export function toCountryOptions(countries: CheckoutCountriesQuery['countries'] | undefined, locale: string): CountryOption[] {
  const options: CountryOption[] = [];
  for (const country of countries ?? []) {
    if (!country?.id) continue;
    const regions = (country.available_regions ?? []).flatMap((region) =>
      region?.id != null && region.name ? [{ id: region.id, code: region.code ?? '', name: region.name }] : [],
    );
    options.push({ id: country.id, name: country.full_name_locale || country.id, regions });
  }
  const collator = new Intl.Collator(locale);
  return options.sort((a, b) => collator.compare(a.name, b.name));
}
