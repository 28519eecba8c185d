import DataLoader from 'dataloader';
import { loadTierPrices, type TierPriceRow } from './tierPrices';
import type { Kysely } from 'kysely';
import type {
  AttributeOptionTable,
  CategoryTable,
  Database,
  ProductLinkType,
  ProductMediaTable,
  ProductTable,
} from '../../db/tables';
import type { StoreScope } from '../../kernel/storeScope';
import type { CatalogRowCache } from './catalogRowCache';
import { localizeCategories, localizeProducts, storeLabels } from './translationService';
import { loadCustomOptions, type CustomOptionRecord } from './customOptions';
import { loadBundles, type BundleRecord } from './bundleOptions';
import { loadGroupedItems, type GroupedItemRecord } from './groupedItems';
import { loadDownloadables, type StoredDownloadables } from './downloadableLinks';

export interface ProductAttributeOption extends AttributeOptionTable {
  product_id: number;
  attribute_label: string;
  attribute_position: number;
  /** 1 when shoppers can filter listings by the attribute. */
  attribute_filterable: number;
  /** 1 when its option labels are search words. */
  attribute_searchable: number;
  /** 1 when the product page lists it. */
  attribute_visible_on_front: number;
}

/** A product another one links to, with the link's type and position. */
export interface LinkedProduct {
  linkType: ProductLinkType;
  position: number;
  product: ProductTable;
}

export interface ConfigurableAttribute {
  id: number;
  attribute_id: number;
  product_id: number;
  attribute_code: string;
  position: number;
  label: string;
}

function groupBy<K, V>(rows: readonly V[], key: (row: V) => K): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

function unwrap(results: ReadonlyArray<ProductTable | Error>): ProductTable[] {
  return results.map((r) => {
    if (r instanceof Error) throw r;
    return r;
  });
}

/** Rows of one relation grouped by product, as a map with an entry (maybe empty) for every id asked. */
function groupedByProduct<V>(ids: readonly number[], rows: readonly V[], key: (row: V) => number): Map<number, V[]> {
  const grouped = groupBy(rows, key);
  return new Map(ids.map((id) => [id, grouped.get(id) ?? []]));
}

/**
 * Per-request batch loaders: a page of 24 products costs one query per relation, not one per
 * product. Created fresh for every request so nothing a shopper sees is shared with another;
 * what they share is the catalog's own rows (`rows`, kept per catalog version), never changed here.
 */
export function createCatalogLoaders(db: Kysely<Database>, store: StoreScope, rows: CatalogRowCache) {
  // The active tree in the store's language: the same for every request until the catalog changes.
  let allCategories: Promise<CategoryTable[]> | null = null;
  const categories = () => {
    allCategories ??= rows
      .rows('categoryTree', [store.id], async () => {
        const active = await db
          .selectFrom('category')
          .selectAll()
          .where('is_active', '=', 1)
          .orderBy('level')
          .orderBy('position')
          .orderBy('id')
          .execute();
        return new Map([[store.id, await localizeCategories(db, store, active)]]);
      })
      .then(([tree]) => tree ?? []);
    return allCategories;
  };
  let labels: ReturnType<typeof storeLabels> | null = null;
  const labelsOfStore = () => (labels ??= storeLabels(db, store));
  // Rows as the request's store view shows them; one query per batch, none in the default store.
  const localizedProducts = new DataLoader<ProductTable, ProductTable, number>(
    (rows) => localizeProducts(db, store, rows),
    { cacheKeyFn: (row) => row.id },
  );
  const localized = (rows: readonly ProductTable[]): Promise<ProductTable[]> =>
    store.isDefault ? Promise.resolve([...rows]) : localizedProducts.loadMany(rows).then(unwrap);

  const productAttributeOptions = (ids: number[]): Promise<ProductAttributeOption[]> =>
    db
      .selectFrom('product_attribute_value as v')
      .innerJoin('attribute_option as o', 'o.id', 'v.option_id')
      .innerJoin('attribute as a', 'a.code', 'v.attribute_code')
      .select([
        'v.product_id',
        'o.id',
        'o.attribute_code',
        'o.label',
        'o.swatch_value',
        'o.position',
        'a.label as attribute_label',
        'a.position as attribute_position',
        'a.is_filterable as attribute_filterable',
        'a.is_searchable as attribute_searchable',
        'a.is_visible_on_front as attribute_visible_on_front',
      ])
      .where('v.product_id', 'in', ids)
      .orderBy('a.position')
      .orderBy('o.position')
      .execute();

  return {
    /** The whole (small) category tree in the store's language, kept per catalog version. */
    categories,
    /** Product rows with the store view's own texts over the default ones. */
    localized,
    localizedOne: (row: ProductTable): Promise<ProductTable> =>
      store.isDefault ? Promise.resolve(row) : localizedProducts.load(row),
    /** Attribute and option labels of the store view (empty maps in the default store). */
    labels: labelsOfStore,

    /** A product's tier prices, every group's (the resolver picks the shopper's). */
    tierPrices: new DataLoader<number, TierPriceRow[]>(async (ids) => {
      const byProduct = await loadTierPrices(db, ids);
      return ids.map((id) => byProduct.get(id) ?? []);
    }),
    media: new DataLoader<number, ProductMediaTable[]>(async (ids) =>
      (
        await rows.rows('media', ids, async (missing) =>
          groupedByProduct(
            missing,
            await db
              .selectFrom('product_media')
              .selectAll()
              .where('product_id', 'in', missing)
              .where('disabled', '=', 0)
              .orderBy('product_id')
              .orderBy('position')
              .execute(),
            (r) => r.product_id,
          ),
        )
      ).map((media) => media ?? []),
    ),

    variants: new DataLoader<number, ProductTable[]>(async (ids) => {
      const byParent = await rows.rows('variants', ids, async (missing) =>
        groupedByProduct(
          missing,
          await db.selectFrom('product').selectAll().where('parent_id', 'in', missing).orderBy('id').execute(),
          (r) => r.parent_id ?? 0,
        ),
      );
      const all = byParent.flatMap((variants) => variants ?? []);
      const grouped = groupBy(await localized(all), (r) => r.parent_id ?? 0);
      return ids.map((id) => grouped.get(id) ?? []);
    }),

    attributeOptions: new DataLoader<number, ProductAttributeOption[]>(async (ids) => {
      const options = await rows.rows('attributeOptions', ids, async (missing) =>
        groupedByProduct(missing, await productAttributeOptions(missing), (r) => r.product_id),
      );
      const { attributes, options: optionLabels } = await labelsOfStore();
      if (attributes.size === 0 && optionLabels.size === 0) return options.map((list) => list ?? []);
      return options.map((list) =>
        (list ?? []).map((r) => ({
          ...r,
          label: optionLabels.get(r.id) ?? r.label,
          attribute_label: attributes.get(r.attribute_code) ?? r.attribute_label,
        })),
      );
    }),

    /** Custom options with the request's store-view titles: one query per table and batch. */
    customOptions: new DataLoader<number, CustomOptionRecord[]>(async (ids) => {
      const found = await loadCustomOptions(db, ids, store.isDefault ? undefined : store.id);
      return ids.map((id) => found.get(id) ?? []);
    }),

    /** A bundle's settings, options and selections (products in the default store's texts). */
    bundles: new DataLoader<number, BundleRecord | null>(async (ids) => {
      const found = await loadBundles(db, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),

    /** A grouped product's members, in order. */
    groupedItems: new DataLoader<number, GroupedItemRecord[]>(async (ids) => {
      const found = await loadGroupedItems(db, ids);
      return ids.map((id) => found.get(id) ?? []);
    }),

    /** Downloadable products' links and samples (downloadableLinks.ts); null for other products. */
    downloadables: new DataLoader<number, StoredDownloadables | null>(async (ids) => {
      const found = await loadDownloadables(db, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),

    configurableAttributes: new DataLoader<number, ConfigurableAttribute[]>(async (ids) => {
      const byProduct = await rows.rows('configurableAttributes', ids, async (missing) =>
        groupedByProduct(
          missing,
          await db
            .selectFrom('configurable_attribute as c')
            .innerJoin('attribute as a', 'a.code', 'c.attribute_code')
            .select(['c.id', 'a.id as attribute_id', 'c.product_id', 'c.attribute_code', 'c.position', 'a.label'])
            .where('c.product_id', 'in', missing)
            .orderBy('c.position')
            .execute(),
          (r) => r.product_id,
        ),
      );
      const { attributes } = await labelsOfStore();
      return byProduct.map((list) =>
        (list ?? []).map((r) =>
          attributes.has(r.attribute_code) ? { ...r, label: attributes.get(r.attribute_code)! } : r,
        ),
      );
    }),

    productCategoryIds: new DataLoader<number, number[]>(async (ids) =>
      (
        await rows.rows('productCategoryIds', ids, async (missing) => {
          const found = await db
            .selectFrom('category_product')
            .select(['product_id', 'category_id'])
            .where('product_id', 'in', missing)
            .execute();
          const grouped = groupedByProduct(missing, found, (r) => r.product_id);
          return new Map([...grouped].map(([id, list]) => [id, list.map((r) => r.category_id)]));
        })
      ).map((categoryIds) => categoryIds ?? []),
    ),

    /**
     * The products each product links to (related, up-sell, cross-sell), in position order:
     * only those a shopper may see (enabled, visible in the catalog). Out-of-stock products stay,
     * as in every listing of this shop. One query per batch, kept per catalog version.
     */
    links: new DataLoader<number, LinkedProduct[]>(async (ids) => {
      const byProduct = await rows.rows('productLinks', ids, async (missing) => {
        const found = await db
          .selectFrom('product_link as l')
          .innerJoin('product as p', 'p.id', 'l.linked_product_id')
          .selectAll('p')
          .select(['l.product_id as link_owner', 'l.link_type', 'l.position as link_position'])
          .where('l.product_id', 'in', missing)
          .where('p.visibility', '=', 4)
          .where('p.status', '=', 1)
          .orderBy('l.product_id')
          .orderBy('l.link_type')
          .orderBy('l.position')
          .orderBy('p.id')
          .execute();
        return groupedByProduct(
          missing,
          found.map(({ link_owner, link_type, link_position, status: _status, ...product }) => ({
            owner: Number(link_owner),
            linkType: link_type,
            position: Number(link_position),
            product,
          })),
          (r) => r.owner,
        );
      });
      const all = byProduct.flatMap((list) => list ?? []);
      const shown = await localized(all.map((l) => l.product));
      const rowsById = new Map(shown.map((p) => [p.id, p]));
      return byProduct.map((list) =>
        (list ?? []).map((l) => ({
          linkType: l.linkType,
          position: l.position,
          product: rowsById.get(l.product.id) ?? l.product,
        })),
      );
    }),

    /**
     * Approved reviews of each product in the store view: how many, and the mean of their star
     * values in percent (Magento's rating_summary: 5 stars = 100). One query per batch.
     */
    reviewSummary: new DataLoader<number, { count: number; percent: number }>(async (ids) => {
      const found = await db
        .selectFrom('review as r')
        .leftJoin('review_vote as v', 'v.review_id', 'r.id')
        .select([
          'r.product_id',
          (eb) => eb.fn.count<number>('r.id').distinct().as('n'),
          (eb) => eb.fn.avg<number>('v.value').as('stars'),
        ])
        .where('r.product_id', 'in', [...ids])
        .where('r.store_id', '=', store.id)
        .where('r.status', '=', 'approved')
        .groupBy('r.product_id')
        .execute();
      const byProduct = new Map(
        found.map((r) => [
          Number(r.product_id),
          { count: Number(r.n), percent: r.stars === null ? 0 : Math.round(Number(r.stars) * 20) },
        ]),
      );
      return ids.map((id) => byProduct.get(id) ?? { count: 0, percent: 0 });
    }),

    /** Anchor style, as Magento: a category counts its descendants' visible products too. */
    productCount: new DataLoader<number, number>(async (ids) => {
      const rows = await db
        .selectFrom('category_product_index')
        .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('category_id', 'in', [...ids])
        .groupBy('category_id')
        .execute();
      const counts = new Map(rows.map((r) => [r.category_id, Number(r.n)]));
      return ids.map((id) => counts.get(id) ?? 0);
    }),
  };
}

export type CatalogLoaders = ReturnType<typeof createCatalogLoaders>;
