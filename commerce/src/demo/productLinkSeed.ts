import type { Kysely } from 'kysely';
import type { Database, ProductLinkTable } from '../db/tables';

// Related and cross-sell products of the demo catalog, so the product page's "You may also like"
// and the cart's "Complete the look" have something to show: each product is related to the next
// few of its own category, and cross-sells a few of the next category. Bounded, so a large
// generated catalog (bench) does not grow by millions of rows.

const RELATED = 4;
const CROSS_SELLS = 3;
const MAX_PRODUCTS = 2000;

export async function seedDemoProductLinks(trx: Kysely<Database>): Promise<void> {
  const rows = await trx
    .selectFrom('product as p')
    .innerJoin('category_product as c', 'c.product_id', 'p.id')
    .select(['p.id', (eb) => eb.fn.min('c.category_id').as('category_id')])
    .where('p.parent_id', 'is', null)
    .where('p.visibility', '=', 4)
    .groupBy('p.id')
    .orderBy('p.id')
    .limit(MAX_PRODUCTS)
    .execute();
  const groups = new Map<number, number[]>();
  for (const r of rows) {
    const list = groups.get(Number(r.category_id)) ?? [];
    list.push(Number(r.id));
    groups.set(Number(r.category_id), list);
  }
  const lists = [...groups.values()].filter((list) => list.length > 1);
  const links: ProductLinkTable[] = [];
  lists.forEach((list, g) => {
    const next = lists[(g + 1) % lists.length] ?? [];
    list.forEach((id, i) => {
      for (let k = 1; k <= Math.min(RELATED, list.length - 1); k++)
        links.push({
          product_id: id,
          link_type: 'related',
          linked_product_id: list[(i + k) % list.length] as number,
          position: k,
        });
      if (next === list) return;
      for (let k = 0; k < Math.min(CROSS_SELLS, next.length); k++)
        links.push({
          product_id: id,
          link_type: 'crosssell',
          linked_product_id: next[(i + k) % next.length] as number,
          position: k + 1,
        });
    });
  });
  for (let i = 0; i < links.length; i += 400)
    await trx
      .insertInto('product_link')
      .values(links.slice(i, i + 400))
      .execute();
}
