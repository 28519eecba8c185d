import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { lockedForWrite } from '../../db/rowLocks';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { toMajor, toMinor } from '../../kernel/money';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';

// A product's tier prices (quantity discounts), as the back office edits them: the whole list is
// replaced at once, checked as a whole first, so a refused list changes nothing.

/** More tiers than any price sheet needs; keeps one save bounded. */
export const MAX_TIERS = 100;
const MAX_QUANTITY = 99_999_999;

export interface TierPriceInput {
  /** Null: every group, guests included (Magento's all_groups). */
  customerGroupId: number | null;
  quantity: number;
  /** A unit price in the product's currency (major units), or null with percentOff. */
  fixedPrice: number | null;
  /** Percent off the regular price, or null with fixedPrice. */
  percentOff: number | null;
}

export interface TierPriceRecord extends TierPriceInput {
  customerGroupCode: string | null;
  currency: string;
}

function invalid(message: string): DomainError {
  return new DomainError('input', message, { field: 'tiers' });
}

function checkTiers(tiers: readonly TierPriceInput[]): void {
  if (tiers.length > MAX_TIERS) throw invalid(`A product has at most ${MAX_TIERS} tier prices.`);
  const seen = new Set<string>();
  for (const [i, tier] of tiers.entries()) {
    const n = i + 1;
    if (!Number.isFinite(tier.quantity) || tier.quantity <= 0 || tier.quantity > MAX_QUANTITY)
      throw invalid(`Tier ${n}: the quantity must be more than 0.`);
    if ((tier.fixedPrice === null) === (tier.percentOff === null))
      throw invalid(`Tier ${n}: give either a fixed price or a percent off.`);
    if (tier.fixedPrice !== null && (!Number.isFinite(tier.fixedPrice) || tier.fixedPrice < 0))
      throw invalid(`Tier ${n}: the price cannot be negative.`);
    if (
      tier.percentOff !== null &&
      (!Number.isFinite(tier.percentOff) || tier.percentOff <= 0 || tier.percentOff >= 100)
    )
      throw invalid(`Tier ${n}: the percent off must be between 0 and 100.`);
    const key = `${tier.customerGroupId ?? 'all'} ${tier.quantity}`;
    if (seen.has(key)) throw invalid(`Tier ${n}: the same group and quantity are there twice.`);
    seen.add(key);
  }
}

export function createTierPriceEditService(db: Kysely<Database>, clock: Clock) {
  async function read(trx: Kysely<Database>, productId: number, currency: string): Promise<TierPriceRecord[]> {
    const rows = await trx
      .selectFrom('catalog_product_entity_tier_price as t')
      .leftJoin('customer_group as g', (join) =>
        join.onRef('g.customer_group_id', '=', 't.customer_group_id').on('t.all_groups', '=', 0),
      )
      .select([
        't.all_groups',
        't.customer_group_id',
        't.qty',
        't.value',
        't.percentage_value',
        'g.customer_group_code',
      ])
      .where('t.entity_id', '=', productId)
      .orderBy('t.all_groups', 'desc')
      .orderBy('t.customer_group_id')
      .orderBy('t.qty')
      .execute();
    return rows.map((r) => ({
      customerGroupId: r.all_groups === 1 ? null : r.customer_group_id,
      customerGroupCode: r.all_groups === 1 ? null : (r.customer_group_code ?? null),
      quantity: Number(r.qty),
      fixedPrice: r.value === null ? null : toMajor(r.value, currency),
      percentOff: r.percentage_value === null ? null : Number(r.percentage_value),
      currency,
    }));
  }

  async function productOf(trx: Kysely<Database>, sku: string, lock: boolean) {
    const query = trx.selectFrom('product').select(['id', 'currency']).where('sku', '=', sku);
    const product = await (lock ? lockedForWrite(trx, query) : query).executeTakeFirst();
    if (!product) throw noSuchEntityError(`There is no product ${sku}.`);
    return { id: Number(product.id), currency: product.currency };
  }

  return {
    async list(sku: string): Promise<TierPriceRecord[]> {
      const product = await productOf(db, sku, false);
      return read(db, product.id, product.currency);
    },

    /** The product's tier prices become `tiers`; audited, and shoppers see them at once. */
    async save(sku: string, tiers: readonly TierPriceInput[], actor: Actor): Promise<TierPriceRecord[]> {
      checkTiers(tiers);
      await inWriteTransaction(db, { actor, clock }, async (uow) => {
        const trx = uow.db;
        // Locked: two saves of one product's tiers run one after the other.
        const product = await productOf(trx, sku, true);
        const groupIds = [...new Set(tiers.flatMap((t) => (t.customerGroupId === null ? [] : [t.customerGroupId])))];
        if (groupIds.length > 0) {
          // Locked: a group deleted meanwhile (which checks for its tier prices) waits for this save.
          const known = await lockedForWrite(
            trx,
            trx.selectFrom('customer_group').select('customer_group_id').where('customer_group_id', 'in', groupIds),
          ).execute();
          const missing = groupIds.filter((id) => !known.some((k) => Number(k.customer_group_id) === id));
          if (missing.length > 0) throw invalid(`There is no customer group ${missing.join(', ')}.`);
        }
        const before = await read(trx, product.id, product.currency);
        await trx.deleteFrom('catalog_product_entity_tier_price').where('entity_id', '=', product.id).execute();
        for (const tier of tiers) {
          await trx
            .insertInto('catalog_product_entity_tier_price')
            .values({
              value_id: await nextId(trx, 'tier_price'),
              entity_id: product.id,
              all_groups: tier.customerGroupId === null ? 1 : 0,
              customer_group_id: tier.customerGroupId ?? 0,
              qty: tier.quantity,
              value: tier.fixedPrice === null ? null : toMinor(tier.fixedPrice, product.currency),
              percentage_value: tier.percentOff,
            })
            .execute();
        }
        const summary = (list: readonly TierPriceInput[]) =>
          list.map((t) => ({
            group: t.customerGroupId,
            qty: t.quantity,
            price: t.fixedPrice,
            percent: t.percentOff,
          }));
        await recordAudit(
          trx,
          actor,
          {
            action: 'product.tier_prices',
            entityType: 'product',
            entityId: product.id,
            before: { tiers: summary(before) },
            after: { tiers: summary(tiers) },
          },
          uow.now,
        );
        // No listing row or search document holds tier prices: the version bump alone suffices.
        uow.catalogChanged({ products: [product.id] });
      });
      return this.list(sku);
    },
  };
}

export type TierPriceEditService = ReturnType<typeof createTierPriceEditService>;
