import type { CountryTable, RegionTable } from '../db/tables';

const COUNTRIES: Array<[string, string, string]> = [
  ['AR', 'ARG', 'Argentina'], ['AT', 'AUT', 'Austria'], ['AU', 'AUS', 'Australia'], ['BE', 'BEL', 'Belgium'],
  ['BG', 'BGR', 'Bulgaria'], ['BR', 'BRA', 'Brazil'], ['CA', 'CAN', 'Canada'], ['CH', 'CHE', 'Switzerland'],
  ['CL', 'CHL', 'Chile'], ['CN', 'CHN', 'China'], ['CO', 'COL', 'Colombia'], ['CY', 'CYP', 'Cyprus'],
  ['CZ', 'CZE', 'Czechia'], ['DE', 'DEU', 'Germany'], ['DK', 'DNK', 'Denmark'], ['EE', 'EST', 'Estonia'],
  ['ES', 'ESP', 'Spain'], ['FI', 'FIN', 'Finland'], ['FR', 'FRA', 'France'], ['GB', 'GBR', 'United Kingdom'],
  ['GR', 'GRC', 'Greece'], ['HK', 'HKG', 'Hong Kong SAR China'], ['HR', 'HRV', 'Croatia'], ['HU', 'HUN', 'Hungary'],
  ['IE', 'IRL', 'Ireland'], ['IL', 'ISR', 'Israel'], ['IN', 'IND', 'India'], ['IS', 'ISL', 'Iceland'],
  ['IT', 'ITA', 'Italy'], ['JP', 'JPN', 'Japan'], ['KR', 'KOR', 'South Korea'], ['LT', 'LTU', 'Lithuania'],
  ['LU', 'LUX', 'Luxembourg'], ['LV', 'LVA', 'Latvia'], ['MT', 'MLT', 'Malta'], ['MX', 'MEX', 'Mexico'],
  ['NL', 'NLD', 'Netherlands'], ['NO', 'NOR', 'Norway'], ['NZ', 'NZL', 'New Zealand'], ['PL', 'POL', 'Poland'],
  ['PT', 'PRT', 'Portugal'], ['RO', 'ROU', 'Romania'], ['SE', 'SWE', 'Sweden'], ['SG', 'SGP', 'Singapore'],
  ['SI', 'SVN', 'Slovenia'], ['SK', 'SVK', 'Slovakia'], ['TR', 'TUR', 'Türkiye'], ['US', 'USA', 'United States'],
  ['ZA', 'ZAF', 'South Africa'],
];

const REGIONS: Record<string, Array<[string, string]>> = {
  US: [
    ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
    ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
    ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
    ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'],
    ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
    ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'],
    ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
    ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
    ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
    ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
  ],
  CA: [
    ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'], ['NL', 'Newfoundland and Labrador'],
    ['NS', 'Nova Scotia'], ['NT', 'Northwest Territories'], ['NU', 'Nunavut'], ['ON', 'Ontario'], ['PE', 'Prince Edward Island'],
    ['QC', 'Quebec'], ['SK', 'Saskatchewan'], ['YT', 'Yukon Territory'],
  ],
  DE: [
    ['BAW', 'Baden-Württemberg'], ['BAY', 'Bayern'], ['BER', 'Berlin'], ['BRG', 'Brandenburg'], ['BRE', 'Bremen'],
    ['HAM', 'Hamburg'], ['HES', 'Hessen'], ['MEC', 'Mecklenburg-Vorpommern'], ['NDS', 'Niedersachsen'],
    ['NRW', 'Nordrhein-Westfalen'], ['RHE', 'Rheinland-Pfalz'], ['SAR', 'Saarland'], ['SAS', 'Sachsen'],
    ['SAC', 'Sachsen-Anhalt'], ['SCN', 'Schleswig-Holstein'], ['THE', 'Thüringen'],
  ],
};

export function demoCountries(): { countries: CountryTable[]; regions: RegionTable[] } {
  const countries = COUNTRIES.map(([id, iso3, name]) => ({ id, iso3, name }));
  const regions: RegionTable[] = [];
  let id = 1;
  for (const [countryId, list] of Object.entries(REGIONS)) {
    for (const [code, name] of list) regions.push({ id: id++, country_id: countryId, code, name });
  }
  return { countries, regions };
}
