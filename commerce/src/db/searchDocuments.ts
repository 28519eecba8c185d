import type { Kysely } from 'kysely';
import type { Database } from './tables';
import type { SearchDocument } from './searchIndex';
import { DEFAULT_STORE_ID } from '../kernel/storeScope';

// The search documents of the catalog's products, made from the catalog tables (an import, a
// back-office save, a migration). A store view other than the default one reads its own texts and,
// where it has none, the default store's, as Magento's store-view values fall back (issue 34): an
// untranslated product is found there by its default name, and every store searches descriptions.

const PAGE = 1000;
const VISIBLE_BOTH = 4;
const ENABLED = 1;

function stripHtml(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Distinct texts joined by spaces, in their first order, blanks left out. */
function joinDistinct(texts: Iterable<string | null | undefined>): string {
  const seen = new Set<string>();
  for (const text of texts) {
    const trimmed = text?.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen].join(' ');
}

/** The store's own value where it has one, else the default store's. */
const own = (value: string | null | undefined, fallback: string) =>
  value !== null && value !== undefined && value !== '' ? value : fallback;

/**
 * The search documents of every product shown on its own, a page at a time (or of `only`): its
 * default name, sku, and as body the descriptions, attribute labels and category names; for the
 * other store views (`storeNames`, `storeBody`) each one's names, descriptions, labels and category
 * names with the default store's wherever it has none of its own.
 */
export async function* searchDocuments(
  db: Kysely<Database>,
  only: readonly number[] | null = null,
): AsyncGenerator<SearchDocument> {
  const stores = (await db.selectFrom('store_view').select('id').orderBy('id').execute())
    .map((s) => Number(s.id))
    .filter((id) => id !== DEFAULT_STORE_ID);
  let after = 0;
  for (let at = 0; ; at += PAGE) {
    if (only && at >= only.length) break;
    const products = await db
      .selectFrom('product')
      .select(['id', 'name', 'sku', 'description', 'short_description'])
      .where('visibility', '=', VISIBLE_BOTH)
      .where('status', '=', ENABLED)
      .$if(only !== null, (q) => q.where('id', 'in', only!.slice(at, at + PAGE)))
      .$if(only === null, (q) => q.where('id', '>', after).orderBy('id').limit(PAGE))
      .execute();
    if (only && products.length === 0) continue;
    if (products.length === 0) break;
    after = Number(products[products.length - 1]?.id);
    const ids = products.map((p) => Number(p.id));
    const [texts, labels, categories] = await Promise.all([
      db
        .selectFrom('product_store')
        .select(['product_id', 'store_id', 'name', 'description', 'short_description'])
        .where('product_id', 'in', ids)
        .orderBy('product_id')
        .orderBy('store_id')
        .execute(),
      db
        .selectFrom('product_attribute_value as v')
        .innerJoin('attribute_option as o', 'o.id', 'v.option_id')
        .innerJoin('attribute as a', 'a.code', 'v.attribute_code')
        .select(['v.product_id', 'v.option_id', 'o.label'])
        .where('v.product_id', 'in', ids)
        .where('a.is_searchable', '=', 1)
        // A fixed order, so a product's document is the same text whichever way it is made.
        .orderBy('v.product_id')
        .orderBy('v.attribute_code')
        .orderBy('v.option_id')
        .execute(),
      db
        .selectFrom('category_product as l')
        .innerJoin('category as c', 'c.id', 'l.category_id')
        .select(['l.product_id', 'l.category_id', 'c.name'])
        .where('l.product_id', 'in', ids)
        .where('c.level', '>=', 2)
        .orderBy('l.product_id')
        .orderBy('l.category_id')
        .execute(),
    ]);
    const optionIds = [...new Set(labels.map((l) => Number(l.option_id)))];
    const categoryIds = [...new Set(categories.map((c) => Number(c.category_id)))];
    const [optionTexts, categoryTexts] = await Promise.all([
      optionIds.length === 0 || stores.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('attribute_option_store')
            .select(['option_id', 'store_id', 'label'])
            .where('option_id', 'in', optionIds)
            .execute(),
      categoryIds.length === 0 || stores.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('category_store')
            .select(['category_id', 'store_id', 'name'])
            .where('category_id', 'in', categoryIds)
            .execute(),
    ]);
    const storeKey = (storeId: number, id: number) => `${storeId}:${id}`;
    const optionLabel = new Map(optionTexts.map((o) => [storeKey(Number(o.store_id), Number(o.option_id)), o.label]));
    const categoryName = new Map(
      categoryTexts.map((c) => [storeKey(Number(c.store_id), Number(c.category_id)), c.name]),
    );
    const textsOf = groupBy(texts, (t) => Number(t.product_id));
    const labelsOf = groupBy(labels, (l) => Number(l.product_id));
    const categoriesOf = groupBy(categories, (c) => Number(c.product_id));
    for (const p of products) {
      const id = Number(p.id);
      const ownLabels = labelsOf.get(id) ?? [];
      const ownCategories = categoriesOf.get(id) ?? [];
      const descriptions = (description: string, short: string) => stripHtml(`${description} ${short}`);
      const words = (storeId: number | null) =>
        joinDistinct([
          ...ownLabels.map((l) =>
            storeId === null ? l.label : own(optionLabel.get(storeKey(storeId, Number(l.option_id))), l.label),
          ),
          ...ownCategories.map((c) =>
            storeId === null ? c.name : own(categoryName.get(storeKey(storeId, Number(c.category_id))), c.name),
          ),
        ]);
      const byStore = new Map((textsOf.get(id) ?? []).map((t) => [Number(t.store_id), t]));
      const storeNames: string[] = [];
      const storeBodies: string[] = [];
      // With no other store view yet, a store view made later reads the default store's texts.
      for (const storeId of stores.length > 0 ? stores : [null]) {
        const t = storeId === null ? undefined : byStore.get(storeId);
        storeNames.push(own(t?.name, p.name));
        storeBodies.push(
          `${descriptions(own(t?.description, p.description), own(t?.short_description, p.short_description))} ${words(storeId)}`.trim(),
        );
      }
      yield {
        productId: id,
        name: p.name,
        storeNames: joinDistinct(storeNames),
        sku: p.sku,
        body: `${descriptions(p.description, p.short_description)} ${words(null)}`.trim(),
        storeBody: joinDistinct(storeBodies),
      };
    }
  }
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
