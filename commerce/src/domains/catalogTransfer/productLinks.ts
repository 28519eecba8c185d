import type { Kysely } from 'kysely';
import type { Database, ProductLinkType } from '../../db/tables';
import { lockedForWrite } from '../../db/rowLocks';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';

// Related, up-sell and cross-sell products (Magento's catalog_product_link). The CSV import and
// the back office both replace one product's list of one type at a time, in the order given: the
// position is the place in that list, as Magento numbers it.

export const LINK_TYPES: readonly ProductLinkType[] = ['related', 'upsell', 'crosssell'];
/** More than a storefront would ever show; keeps one edit (and one import cell) bounded. */
export const MAX_LINKS_PER_TYPE = 50;

export interface ProductLinkRecord {
  linkType: ProductLinkType;
  position: number;
  sku: string;
  name: string;
  enabled: boolean;
}

/** Replaces the product's links of one type with `linkedIds`, numbered 1, 2, 3… in that order. */
export async function replaceProductLinks(
  trx: Kysely<Database>,
  productId: number,
  type: ProductLinkType,
  linkedIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('product_link').where('product_id', '=', productId).where('link_type', '=', type).execute();
  if (linkedIds.length === 0) return;
  await trx
    .insertInto('product_link')
    .values(
      linkedIds.map((linked, i) => ({
        product_id: productId,
        link_type: type,
        linked_product_id: linked,
        position: i + 1,
      })),
    )
    .execute();
}

/** Every link of the products, for the export and the back office. */
export async function productLinksOf(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<Map<number, ProductLinkRecord[]>> {
  const found = new Map<number, ProductLinkRecord[]>();
  for (let i = 0; i < productIds.length; i += 400) {
    const rows = await db
      .selectFrom('product_link as l')
      .innerJoin('product as p', 'p.id', 'l.linked_product_id')
      .select(['l.product_id', 'l.link_type', 'l.position', 'p.sku', 'p.name', 'p.status'])
      .where('l.product_id', 'in', productIds.slice(i, i + 400))
      .orderBy('l.product_id')
      .orderBy('l.link_type')
      .orderBy('l.position')
      .execute();
    for (const r of rows) {
      const list = found.get(Number(r.product_id)) ?? [];
      list.push({
        linkType: r.link_type,
        position: Number(r.position),
        sku: r.sku,
        name: r.name,
        enabled: Number(r.status) === 1,
      });
      found.set(Number(r.product_id), list);
    }
  }
  return found;
}

function linkTypeOf(raw: string): ProductLinkType {
  const type = LINK_TYPES.find((t) => t === raw.trim().toLowerCase());
  if (!type)
    throw new DomainError('input', `"${raw}" is not a link type; use ${LINK_TYPES.join(', ')}.`, { field: 'linkType' });
  return type;
}

export function createProductLinkService(db: Kysely<Database>, clock: Clock) {
  return {
    /** The product's links of every type, in position order. */
    async list(sku: string): Promise<ProductLinkRecord[]> {
      const product = await db.selectFrom('product').select('id').where('sku', '=', sku).executeTakeFirst();
      if (!product) throw noSuchEntityError(`There is no product ${sku}.`);
      return (await productLinksOf(db, [Number(product.id)])).get(Number(product.id)) ?? [];
    },

    /**
     * The product's links of one type become `skus`, in that order. Refused as a whole (nothing
     * changes) when a sku is unknown, repeated, the product itself or a configurable's variant.
     */
    async save(sku: string, rawType: string, skus: readonly string[], actor: Actor): Promise<ProductLinkRecord[]> {
      const type = linkTypeOf(rawType);
      const wanted = skus.map((s) => s.trim());
      if (wanted.length > MAX_LINKS_PER_TYPE)
        throw new DomainError('input', `A product links to at most ${MAX_LINKS_PER_TYPE} products of one type.`, {
          field: 'skus',
        });
      const seen = new Set<string>();
      for (const s of wanted) {
        if (s === '') throw new DomainError('input', 'A linked sku cannot be empty.', { field: 'skus' });
        if (seen.has(s)) throw new DomainError('input', `${s} is twice in the list.`, { field: 'skus' });
        seen.add(s);
      }
      await inWriteTransaction(db, { actor, clock }, async (uow) => {
        const trx = uow.db;
        // Locked: two edits of one product's links run one after the other, never interleaved.
        const product = await lockedForWrite(
          trx,
          trx.selectFrom('product').select(['id', 'sku']).where('sku', '=', sku),
        ).executeTakeFirst();
        if (!product) throw noSuchEntityError(`There is no product ${sku}.`);
        const found =
          wanted.length === 0
            ? []
            : await trx.selectFrom('product').select(['id', 'sku', 'parent_id']).where('sku', 'in', wanted).execute();
        const bySku = new Map(found.map((f) => [f.sku, f]));
        const ids = wanted.map((s) => {
          const linked = bySku.get(s);
          if (!linked) throw new DomainError('input', `There is no product ${s}.`, { field: 'skus' });
          if (Number(linked.id) === Number(product.id))
            throw new DomainError('input', `${s} cannot link to itself.`, { field: 'skus' });
          if (linked.parent_id !== null)
            throw new DomainError('input', `${s} is a variant of a configurable product; link the configurable.`, {
              field: 'skus',
            });
          return Number(linked.id);
        });
        const before = (await productLinksOf(trx, [Number(product.id)])).get(Number(product.id)) ?? [];
        await replaceProductLinks(trx, Number(product.id), type, ids);
        await recordAudit(
          trx,
          actor,
          {
            action: 'product.links',
            entityType: 'product',
            entityId: Number(product.id),
            before: { [type]: before.filter((l) => l.linkType === type).map((l) => l.sku) },
            after: { [type]: wanted },
          },
          uow.now,
        );
        uow.catalogChanged();
      });
      return this.list(sku);
    },
  };
}

export type ProductLinkService = ReturnType<typeof createProductLinkService>;
