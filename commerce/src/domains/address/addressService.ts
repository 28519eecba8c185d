import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { inputError } from '../errors';
import { DEFAULT_STREET_LINES, MAX_TEXT, singleLineText } from '../../kernel/inputRules';
import { readStoreConfigValue } from '../../kernel/storeConfig';

// Longer than any country's postal code, short enough to stay a postal code.
const MAX_POSTCODE = 20;

/** An address as the cart stores it (JSON in cart.shipping_address / billing_address). */
export interface StoredAddress {
  firstname: string;
  lastname: string;
  middlename: string | null;
  prefix: string | null;
  suffix: string | null;
  company: string | null;
  street: string[];
  city: string;
  region_id: number | null;
  region_code: string | null;
  region: string | null;
  postcode: string | null;
  country_code: string;
  country_name: string;
  telephone: string | null;
  fax: string | null;
  vat_id: string | null;
  customer_notes?: string | null;
}

export interface CartAddressInput {
  firstname: string;
  lastname: string;
  middlename?: string | null;
  prefix?: string | null;
  suffix?: string | null;
  company?: string | null;
  street: Array<string | null>;
  city: string;
  region?: string | null;
  region_id?: number | null;
  postcode?: string | null;
  country_code: string;
  telephone?: string | null;
  fax?: string | null;
  vat_id?: string | null;
  save_in_address_book?: boolean | null;
}

// Which countries' addresses must name a region and which may leave the postcode out is the
// directory's: Magento's state_required and optional_zip_countries, held on the country row
// (domains/directory/directoryData.ts).

function required(field: string): never {
  throw inputError(`"${field}" is required. Enter and try again.`);
}

function text(value: string | null | undefined, field: string, max = MAX_TEXT): string | null {
  return singleLineText(field, value, max);
}

/**
 * Checks an address against the directory and returns it in stored form. Throws Magento's
 * messages for the first problem found; nothing is stored by the caller in that case.
 */
export async function validateCartAddress(db: Kysely<Database>, input: CartAddressInput): Promise<StoredAddress> {
  const firstname = text(input.firstname, 'firstname') ?? required('firstname');
  const lastname = text(input.lastname, 'lastname') ?? required('lastname');
  const streetLines = Number(await readStoreConfigValue(db, 'customer_address_street_lines')) || DEFAULT_STREET_LINES;
  if (input.street.length > streetLines)
    throw inputError(`"street" may have at most ${streetLines} lines; got ${input.street.length}.`);
  const street = input.street.map((line) => text(line, 'street')).filter((line): line is string => line !== null);
  if (street.length === 0 || !text(input.street[0], 'street')) required('street');
  const city = text(input.city, 'city') ?? required('city');
  const telephone = text(input.telephone, 'telephone') ?? required('telephone');
  const countryCode = text(input.country_code, 'country_code', 2)?.toUpperCase() ?? required('countryId');
  const country = await db.selectFrom('country').selectAll().where('id', '=', countryCode).executeTakeFirst();
  if (!country) throw inputError(`Invalid value of "${input.country_code}" provided for the countryId field.`);
  const postcode = text(input.postcode, 'postcode', MAX_POSTCODE);
  if (postcode === null && country.postcode_optional !== 1) required('postcode');

  const regions = await db.selectFrom('region').selectAll().where('country_id', '=', country.id).execute();
  let region: { id: number | null; code: string | null; name: string | null } = {
    id: null,
    code: null,
    name: text(input.region, 'region'),
  };
  if (regions.length > 0) {
    const named = text(input.region, 'region')?.toLowerCase() ?? null;
    // As Magento's addresses read it: a region given as a number, without a region_id, is the id.
    const wanted = input.region_id ?? (named !== null && /^\d{1,9}$/.test(named) ? Number(named) : null);
    if (wanted !== null || named !== null) {
      const match = regions.find((r) =>
        wanted !== null ? r.id === wanted : r.code.toLowerCase() === named || r.name.toLowerCase() === named,
      );
      if (!match) {
        throw inputError(`Invalid value of "${wanted ?? input.region}" provided for the regionId field.`);
      }
      region = { id: match.id, code: match.code, name: match.name };
    } else if (country.region_required === 1) {
      required('regionId');
    }
  }

  return {
    firstname,
    lastname,
    street,
    city,
    telephone,
    postcode,
    middlename: text(input.middlename, 'middlename'),
    prefix: text(input.prefix, 'prefix'),
    suffix: text(input.suffix, 'suffix'),
    company: text(input.company, 'company'),
    region_id: region.id,
    region_code: region.code,
    region: region.name,
    country_code: country.id,
    country_name: country.name,
    fax: text(input.fax, 'fax'),
    vat_id: text(input.vat_id, 'vat_id'),
  };
}

export function parseStoredAddress(json: string | null): StoredAddress | null {
  return json ? (JSON.parse(json) as StoredAddress) : null;
}
