import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { inputError, noSuchEntityError } from '../errors';
import { inWriteTransaction } from '../../kernel/transaction';
import { nextId } from '../../db/idSequence';
import { parseStoredAddress, validateCartAddress, type CartAddressInput, type StoredAddress } from '../address';

export interface CustomerAddressRequest {
  firstname?: string | null;
  lastname?: string | null;
  middlename?: string | null;
  prefix?: string | null;
  suffix?: string | null;
  company?: string | null;
  street?: Array<string | null> | null;
  city?: string | null;
  region?: { region?: string | null; region_code?: string | null; region_id?: number | null } | null;
  postcode?: string | null;
  country_code?: string | null;
  country_id?: string | null;
  telephone?: string | null;
  fax?: string | null;
  vat_id?: string | null;
  default_billing?: boolean | null;
  default_shipping?: boolean | null;
}

export interface CustomerAddressView {
  id: number;
  customerId: number;
  address: StoredAddress;
  defaultBilling: boolean;
  defaultShipping: boolean;
}

/** Missing and foreign ids get the same answer: ids are sequential, so they must not reveal who has one. */
export function addressNotFound(id: number) {
  return noSuchEntityError(`Could not find a address with ID "${id}"`);
}

const REQUIRED: Array<[keyof CustomerAddressRequest, string]> = [
  ['firstname', 'firstname'],
  ['lastname', 'lastname'],
  ['street', 'street'],
  ['city', 'city'],
  ['country_code', 'country_id'],
  ['telephone', 'telephone'],
];

function present(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => typeof v === 'string' && v.trim() !== '');
  return typeof value === 'string' ? value.trim() !== '' : value !== null && value !== undefined;
}

/** A stored address as the request shape, so an update can lay its changes over it. */
function asRequest(address: StoredAddress): CustomerAddressRequest {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    middlename: address.middlename,
    prefix: address.prefix,
    suffix: address.suffix,
    company: address.company,
    street: address.street,
    city: address.city,
    postcode: address.postcode,
    country_code: address.country_code,
    region: address.region_id !== null ? { region_id: address.region_id } : { region: address.region },
    telephone: address.telephone,
    fax: address.fax,
    vat_id: address.vat_id,
  };
}

/** The checkout's validation, so a saved address is always one a cart accepts (and back). */
async function validate(db: Kysely<Database>, input: CustomerAddressRequest): Promise<StoredAddress> {
  const normalized = { ...input, country_code: input.country_code ?? input.country_id ?? null };
  const missing = REQUIRED.filter(([key]) => !present(normalized[key])).map(([, name]) => name);
  if (missing.length > 0) throw inputError(`Required parameters are missing: ${missing.join(', ')}`);
  const cartInput: CartAddressInput = {
    firstname: normalized.firstname!,
    lastname: normalized.lastname!,
    middlename: normalized.middlename,
    prefix: normalized.prefix,
    suffix: normalized.suffix,
    company: normalized.company,
    street: normalized.street!,
    city: normalized.city!,
    postcode: normalized.postcode,
    country_code: normalized.country_code!,
    region_id: normalized.region?.region_id ?? null,
    region: normalized.region?.region_code ?? normalized.region?.region ?? null,
    telephone: normalized.telephone,
    fax: normalized.fax,
    vat_id: normalized.vat_id,
  };
  const { customer_notes: _notes, ...address } = await validateCartAddress(db, cartInput);
  return address;
}

export function createCustomerAddressService(db: Kysely<Database>, now: () => Date) {
  async function list(customerId: number): Promise<CustomerAddressView[]> {
    const [customer, rows] = await Promise.all([
      db
        .selectFrom('customer')
        .select(['default_billing', 'default_shipping'])
        .where('id', '=', customerId)
        .executeTakeFirst(),
      db.selectFrom('customer_address').selectAll().where('customer_id', '=', customerId).orderBy('id').execute(),
    ]);
    return rows.map((row) => ({
      id: row.id,
      customerId,
      address: parseStoredAddress(row.address)!,
      defaultBilling: customer?.default_billing === row.id,
      defaultShipping: customer?.default_shipping === row.id,
    }));
  }

  async function one(customerId: number, id: number): Promise<CustomerAddressView> {
    const view = (await list(customerId)).find((a) => a.id === id);
    if (!view) throw addressNotFound(id);
    return view;
  }

  async function setDefaults(
    trx: Kysely<Database>,
    customerId: number,
    id: number,
    input: CustomerAddressRequest,
  ): Promise<void> {
    const customer = await trx
      .selectFrom('customer')
      .select(['default_billing', 'default_shipping'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const changes: { default_billing?: number | null; default_shipping?: number | null } = {};
    if (input.default_billing === true) changes.default_billing = id;
    else if (input.default_billing === false && customer.default_billing === id) changes.default_billing = null;
    if (input.default_shipping === true) changes.default_shipping = id;
    else if (input.default_shipping === false && customer.default_shipping === id) changes.default_shipping = null;
    if (Object.keys(changes).length > 0)
      await trx.updateTable('customer').set(changes).where('id', '=', customerId).execute();
  }

  async function insert(trx: Kysely<Database>, customerId: number, address: StoredAddress): Promise<number> {
    const id = await nextId(trx, 'customer_address');
    const at = now().toISOString();
    await trx
      .insertInto('customer_address')
      .values({ id, customer_id: customerId, address: JSON.stringify(address), created_at: at, updated_at: at })
      .execute();
    return id;
  }

  return {
    list,

    async create(customerId: number, input: CustomerAddressRequest): Promise<CustomerAddressView> {
      const address = await validate(db, input);
      const id = await inWriteTransaction(db, async ({ db: trx }) => {
        const id = await insert(trx, customerId, address);
        await setDefaults(trx, customerId, id, input);
        return id;
      });
      return one(customerId, id);
    },

    async update(
      customerId: number,
      id: number,
      input: CustomerAddressRequest | null | undefined,
    ): Promise<CustomerAddressView> {
      if (!input) throw inputError('"input" value should be specified');
      const current = await one(customerId, id);
      const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));
      const address = await validate(db, { ...asRequest(current.address), ...defined });
      await inWriteTransaction(db, async ({ db: trx }) => {
        const updated = await trx
          .updateTable('customer_address')
          .set({ address: JSON.stringify(address), updated_at: now().toISOString() })
          .where('id', '=', id)
          .where('customer_id', '=', customerId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw addressNotFound(id);
        await setDefaults(trx, customerId, id, input);
      });
      return one(customerId, id);
    },

    async delete(customerId: number, id: number): Promise<true> {
      const current = await one(customerId, id);
      if (current.defaultBilling)
        throw inputError(`Customer Address ${id} is set as default billing address and can not be deleted`);
      if (current.defaultShipping)
        throw inputError(`Customer Address ${id} is set as default shipping address and can not be deleted`);
      await db.deleteFrom('customer_address').where('id', '=', id).where('customer_id', '=', customerId).execute();
      return true;
    },

    /** A saved address for a cart of this customer (setShippingAddressesOnCart with customer_address_id). */
    async forCart(trx: Kysely<Database>, customerId: number, id: number): Promise<StoredAddress> {
      const row = await trx
        .selectFrom('customer_address')
        .select('address')
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      if (!row) throw addressNotFound(id);
      return parseStoredAddress(row.address)!;
    },

    /** save_in_address_book: keeps a cart address, unless the book already holds the same one. */
    async saveFromCart(trx: Kysely<Database>, customerId: number, address: StoredAddress): Promise<void> {
      const { customer_notes: _notes, ...plain } = address;
      const json = JSON.stringify(plain);
      const rows = await trx
        .selectFrom('customer_address')
        .select('address')
        .where('customer_id', '=', customerId)
        .execute();
      if (rows.some((r) => r.address === json)) return;
      await insert(trx, customerId, plain);
    },
  };
}

export type CustomerAddressService = ReturnType<typeof createCustomerAddressService>;
