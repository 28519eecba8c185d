import { formatAddress as formatWithPattern, type Address as PatternAddress } from 'localized-address-format';

// Postal addresses in each country's own order ("Austin, TX 78701", "10115 Berlin", a British
// postcode on its own line, Japan's 〒 line first), from the patterns of Google's libaddressinput.

/** An address as the displays hold it; any part may be missing. */
export interface DisplayAddress {
  firstname?: string | null;
  lastname?: string | null;
  street?: ReadonlyArray<string | null | undefined> | null;
  city?: string | null;
  /** The region's name ("Texas"), or free text for countries without a region list. */
  region?: string | null;
  /** The region's code ("TX"), where the directory has one. */
  regionCode?: string | null;
  postcode?: string | null;
  /** ISO 3166-1 alpha-2 code; it picks the pattern. */
  countryCode?: string | null;
  /** The country as shown on the last line; the code stands in when it is missing. */
  country?: string | null;
}

// Countries whose addresses write the region as its abbreviation: "Austin, TX 78701",
// "Toronto ON M5V 2T6", "Sydney NSW 2000", "São Paulo-SP", "20121 Milano MI". Elsewhere the
// region is written out, where the pattern has a place for it at all.
const REGION_AS_CODE = new Set(['US', 'CA', 'AU', 'BR', 'IT']);

// Text in a script other than Latin gets the country's local pattern (Japan and China write
// it largest part first, name last); Latin text gets the pattern for Latin script.
const NON_LATIN = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const HAN_KANA_HANGUL = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

// Street lines travel as one value so the library keeps a pattern's text after the street on
// the street's last line (Japan in Latin script: "%A, %S").
const LINE_BREAK = '\n';

function text(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

function formatLines(address: PatternAddress, script: 'local' | 'latin'): string[] {
  return formatWithPattern(address, script).flatMap((line) => line.split(LINE_BREAK));
}

/** Whether the country's pattern has no place for the city (Japan, UAE) and nothing else it prints names it (Singapore does). */
function cityLeftOut(address: PatternAddress, script: 'local' | 'latin'): boolean {
  const city = address.locality?.toLocaleLowerCase();
  if (!city) return false;
  const shown = formatWithPattern({ ...address, name: '', addressLines: [] }, script);
  return !shown.join(LINE_BREAK).toLocaleLowerCase().includes(city);
}

/**
 * The lines of a postal address in its country's order, the country last: US
 * "Ada Lovelace / 1 Analytical Way / Austin, TX 78701 / United States", Germany
 * "… / 10115 Berlin / Germany", the UK "… / London / SW1A 1AA / United Kingdom".
 * Empty parts leave no empty lines or stray commas behind.
 */
export function addressLines(address: DisplayAddress): string[] {
  const countryCode = text(address.countryCode).toUpperCase();
  const firstname = text(address.firstname);
  const lastname = text(address.lastname);
  const street = (address.street ?? []).map(text).filter(Boolean);
  const city = text(address.city);
  const regionCode = text(address.regionCode);
  const region = (REGION_AS_CODE.has(countryCode) && regionCode) || text(address.region) || regionCode;
  const postcode = text(address.postcode);
  const country = text(address.country) || countryCode;

  const written = [firstname, lastname, ...street, city, region].join('');
  const script = NON_LATIN.test(written) ? 'local' : 'latin';
  const cjk = HAN_KANA_HANGUL.test(written);
  // Chinese, Japanese and Korean names in their own script are written family name first.
  const name = (cjk ? [lastname, firstname] : [firstname, lastname]).filter(Boolean).join(' ');

  if (!countryCode) {
    const place = [[city, region].filter(Boolean).join(', '), postcode].filter(Boolean).join(' ');
    return [name, ...street, place].filter(Boolean);
  }

  const pattern: PatternAddress = {
    postalCountry: countryCode,
    name,
    locality: city,
    administrativeArea: region,
    postalCode: postcode,
  };
  // Some patterns have no place for the city, which belongs in the street part there: Japan
  // writes the city before the block and building number, Latin-script lines after the street.
  const streetPart = !cityLeftOut(pattern, script)
    ? street
    : cjk
      ? [`${city}${street[0] ?? ''}`, ...street.slice(1)]
      : [...street, city];
  const lines = formatLines(
    { ...pattern, addressLines: streetPart.length ? [streetPart.join(LINE_BREAK)] : [] },
    script,
  );
  return country ? [...lines, country] : lines;
}
