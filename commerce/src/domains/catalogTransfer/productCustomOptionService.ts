import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { lockedForWrite } from '../../db/rowLocks';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { minorDigits } from '../../kernel/money';
import { baseCurrencyCode } from '../../kernel/storeConfig';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import {
  CUSTOM_OPTION_TYPES,
  loadCustomOptions,
  replaceCustomOptions,
  type CustomOptionInput,
  type CustomOptionRecord,
} from '../catalog';
import { noSuchEntityError } from '../errors';

// The back office's custom options of one product: listed for viewers, replaced as a whole by
// staff (audited). Prices come in major units of the base currency, or percent; they are kept
// in minor units, or hundredths of a percent, as the import keeps them.

export interface AdminCustomOptionValueInput {
  title: string;
  sortOrder: number;
  price: number;
  priceType: string;
  sku?: string | null;
}

export interface AdminCustomOptionInput {
  type: string;
  title: string;
  required: boolean;
  sortOrder: number;
  price?: number | null;
  priceType?: string | null;
  sku?: string | null;
  maxCharacters?: number | null;
  values?: readonly AdminCustomOptionValueInput[] | null;
}

function priceIn(
  price: number | null | undefined,
  rawType: string | null | undefined,
  digits: number,
  what: string,
): { price: number; priceType: 'fixed' | 'percent' } {
  const priceType = (rawType ?? 'fixed').toLowerCase();
  if (priceType !== 'fixed' && priceType !== 'percent')
    throw new DomainError('input', `${what}: the price type is fixed or percent.`, { field: 'options' });
  const amount = price ?? 0;
  if (!Number.isFinite(amount) || amount < 0 || amount > 1e9)
    throw new DomainError('input', `${what}: the price must be 0 or more.`, { field: 'options' });
  return {
    price: Math.round(amount * 10 ** (priceType === 'percent' ? 2 : digits)),
    priceType: priceType,
  };
}

function priceOut(p: { price: number; priceType: 'fixed' | 'percent' }, digits: number): number {
  return p.price / 10 ** (p.priceType === 'percent' ? 2 : digits);
}

export function createProductCustomOptionService(db: Kysely<Database>, clock: Clock) {
  const view = async (options: CustomOptionRecord[]) => {
    const digits = minorDigits(await baseCurrencyCode(db));
    return options.map((o) => ({
      id: o.id,
      type: o.type,
      title: o.title,
      required: o.required,
      sortOrder: o.sortOrder,
      price: priceOut(o, digits),
      priceType: o.priceType,
      sku: o.sku,
      maxCharacters: o.maxCharacters,
      values: o.values.map((v) => ({ ...v, price: priceOut(v, digits) })),
    }));
  };

  return {
    async list(sku: string) {
      const product = await db.selectFrom('product').select('id').where('sku', '=', sku).executeTakeFirst();
      if (!product) throw noSuchEntityError(`There is no product ${sku}.`);
      return view((await loadCustomOptions(db, [Number(product.id)])).get(Number(product.id)) ?? []);
    },

    /** The product's custom options become `options`; refused as a whole, changing nothing, when one is wrong. */
    async save(sku: string, options: readonly AdminCustomOptionInput[], actor: Actor) {
      const digits = minorDigits(await baseCurrencyCode(db));
      const wanted: CustomOptionInput[] = options.map((o) => {
        const type = o.type.trim().toLowerCase();
        const known = CUSTOM_OPTION_TYPES.find((t) => t === type);
        if (!known)
          throw new DomainError(
            'input',
            `"${o.type}" is not a custom option type; use ${CUSTOM_OPTION_TYPES.join(', ')}.`,
            {
              field: 'options',
            },
          );
        return {
          type: known,
          title: o.title,
          required: o.required,
          sortOrder: o.sortOrder,
          sku: o.sku?.trim() || null,
          maxCharacters: o.maxCharacters ?? null,
          ...priceIn(o.price, o.priceType, digits, o.title),
          values: (o.values ?? []).map((v) => ({
            title: v.title,
            sortOrder: v.sortOrder,
            sku: v.sku?.trim() || null,
            ...priceIn(v.price, v.priceType, digits, `${o.title}: ${v.title}`),
          })),
        };
      });
      await inWriteTransaction(db, { actor, clock }, async (uow) => {
        // Locked: two edits of one product's options run one after the other.
        const product = await lockedForWrite(
          uow.db,
          uow.db.selectFrom('product').select(['id', 'parent_id']).where('sku', '=', sku),
        ).executeTakeFirst();
        if (!product) throw noSuchEntityError(`There is no product ${sku}.`);
        if (product.parent_id !== null)
          throw new DomainError('input', `${sku} is a variant; custom options belong to its configurable product.`, {
            field: 'sku',
          });
        const id = Number(product.id);
        const before = (await loadCustomOptions(uow.db, [id])).get(id) ?? [];
        try {
          if (!(await replaceCustomOptions(uow.db, id, wanted))) return;
        } catch (error) {
          if (error instanceof DomainError) throw new DomainError(error.code, error.message, { field: 'options' });
          throw error;
        }
        await recordAudit(
          uow.db,
          actor,
          {
            action: 'product.custom_options',
            entityType: 'product',
            entityId: id,
            before: before.map((o) => ({ title: o.title, type: o.type, values: o.values.map((v) => v.title) })),
            after: wanted.map((o) => ({ title: o.title, type: o.type, values: o.values.map((v) => v.title) })),
          },
          uow.now,
        );
        uow.catalogChanged({ products: [id] });
      });
      return this.list(sku);
    },
  };
}

export type ProductCustomOptionService = ReturnType<typeof createProductCustomOptionService>;
