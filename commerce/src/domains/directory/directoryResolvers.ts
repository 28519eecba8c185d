import type { QueryCountryArgs } from '../../__generated__/resolvers';
import type { RequestContext } from '../context';
import type { CountryWithRegions } from './directoryService';

export const directoryResolvers = {
  Query: {
    countries: (_root: unknown, _args: unknown, context: RequestContext) => context.services.directory.countries(),
    country: (_root: unknown, args: QueryCountryArgs, context: RequestContext) =>
      context.services.directory.country(args.id),
  },
  Country: {
    two_letter_abbreviation: (c: CountryWithRegions) => c.id,
    three_letter_abbreviation: (c: CountryWithRegions) => c.iso3,
    full_name_locale: (c: CountryWithRegions) => c.name,
    full_name_english: (c: CountryWithRegions) => c.name,
    available_regions: (c: CountryWithRegions) => (c.regions.length > 0 ? c.regions : null),
  },
};
