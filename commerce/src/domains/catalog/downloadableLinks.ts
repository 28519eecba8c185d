import type { Kysely } from 'kysely';
import type { Database, DownloadableLinkTable, DownloadableSampleTable } from '../../db/tables';
import { encodeUid } from '../../kernel/uids';
import { nextId } from '../../db/idSequence';

// Downloadable products' links and samples (migration 0042). A link is what a buyer pays for and
// downloads; a sample anyone may download. This module owns the three tables: the import writes
// through `replaceDownloadables`, the storefront reads through `loadDownloadables`.

export type DownloadableLinkInput = Omit<DownloadableLinkTable, 'id' | 'product_id'>;
export type DownloadableSampleInput = Omit<DownloadableSampleTable, 'id' | 'product_id'>;

export interface DownloadableSet {
  links_title: string;
  samples_title: string;
  links_purchased_separately: number;
  links: DownloadableLinkInput[];
  samples: DownloadableSampleInput[];
}

export interface StoredDownloadables {
  links_title: string;
  samples_title: string;
  links_purchased_separately: number;
  links: DownloadableLinkTable[];
  samples: DownloadableSampleTable[];
}

/** Magento's uid of a link, as addProductsToCart's selected_options carry it: base64 of `downloadable/<id>`. */
export function downloadableLinkUid(linkId: number): string {
  return encodeUid(`downloadable/${linkId}`);
}

/** The link id inside a selected_options uid, or null when the uid names no link. */
export function parseDownloadableLinkUid(uid: string): number | null {
  const match = /^downloadable\/(\d{1,12})$/.exec(Buffer.from(uid, 'base64').toString('utf8'));
  return match ? Number(match[1]) : null;
}

/** The downloadable parts of products, by product id; products without any are absent. */
export async function loadDownloadables(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<Map<number, StoredDownloadables>> {
  const result = new Map<number, StoredDownloadables>();
  if (productIds.length === 0) return result;
  const ids = [...new Set(productIds)];
  const [heads, links, samples] = await Promise.all([
    db.selectFrom('downloadable_product').selectAll().where('product_id', 'in', ids).execute(),
    db
      .selectFrom('downloadable_link')
      .selectAll()
      .where('product_id', 'in', ids)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('downloadable_sample')
      .selectAll()
      .where('product_id', 'in', ids)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  for (const head of heads)
    result.set(Number(head.product_id), {
      links_title: head.links_title,
      samples_title: head.samples_title,
      links_purchased_separately: Number(head.links_purchased_separately),
      links: [],
      samples: [],
    });
  const entry = (productId: number) => {
    const found = result.get(productId);
    if (found) return found;
    const made: StoredDownloadables = {
      links_title: '',
      samples_title: '',
      links_purchased_separately: 1,
      links: [],
      samples: [],
    };
    result.set(productId, made);
    return made;
  };
  for (const link of links) entry(Number(link.product_id)).links.push({ ...link, id: Number(link.id) });
  for (const sample of samples) entry(Number(sample.product_id)).samples.push({ ...sample, id: Number(sample.id) });
  return result;
}

const sameLink = (a: DownloadableLinkInput, b: DownloadableLinkInput) =>
  (Object.keys(a) as Array<keyof DownloadableLinkInput>).every((k) => (a[k] ?? null) === (b[k] ?? null));
const sameSample = (a: DownloadableSampleInput, b: DownloadableSampleInput) =>
  (Object.keys(a) as Array<keyof DownloadableSampleInput>).every((k) => (a[k] ?? null) === (b[k] ?? null));

/**
 * Makes a product's links and samples the given ones, keeping the ids of links that stay the same
 * (so carts and orders that name them stay valid). Answers whether anything changed.
 */
export async function replaceDownloadables(
  db: Kysely<Database>,
  productId: number,
  wanted: DownloadableSet,
): Promise<boolean> {
  const current = (await loadDownloadables(db, [productId])).get(productId);
  const strip = <T extends { id: number; product_id: number }>({ id: _id, product_id: _p, ...rest }: T) => rest;
  const unchanged =
    current !== undefined &&
    current.links_title === wanted.links_title &&
    current.samples_title === wanted.samples_title &&
    current.links_purchased_separately === wanted.links_purchased_separately &&
    current.links.length === wanted.links.length &&
    current.samples.length === wanted.samples.length &&
    current.links.every((l, i) => sameLink(strip(l), wanted.links[i]!)) &&
    current.samples.every((s, i) => sameSample(strip(s), wanted.samples[i]!));
  if (unchanged) return false;
  await db.deleteFrom('downloadable_product').where('product_id', '=', productId).execute();
  await db
    .insertInto('downloadable_product')
    .values({
      product_id: productId,
      links_title: wanted.links_title,
      samples_title: wanted.samples_title,
      links_purchased_separately: wanted.links_purchased_separately,
    })
    .execute();
  // Links that stay as they were keep their ids; the rest are written anew.
  const kept = new Set<number>();
  const toInsert: DownloadableLinkInput[] = [];
  for (const link of wanted.links) {
    const same = current?.links.find((c) => !kept.has(c.id) && sameLink(strip(c), link));
    if (same) kept.add(same.id);
    else toInsert.push(link);
  }
  const gone = (current?.links ?? []).filter((c) => !kept.has(c.id)).map((c) => c.id);
  if (gone.length > 0) await db.deleteFrom('downloadable_link').where('id', 'in', gone).execute();
  for (const link of toInsert)
    await db
      .insertInto('downloadable_link')
      .values({ id: await nextId(db, 'downloadable_link'), product_id: productId, ...link })
      .execute();
  await db.deleteFrom('downloadable_sample').where('product_id', '=', productId).execute();
  for (const sample of wanted.samples)
    await db
      .insertInto('downloadable_sample')
      .values({ id: await nextId(db, 'downloadable_sample'), product_id: productId, ...sample })
      .execute();
  return true;
}
