import type { DownloadableLinkTable, ProductTable } from '../../db/tables';
import { decodeUid } from '../../kernel/uids';
import { parseDownloadableLinkUid, type StoredDownloadables } from '../catalog';
import { CartUserError } from './cartProductService';

// The links a downloadable cart line was added with, stored as JSON of the sorted link ids. As in
// Magento: when the product's links are bought separately the shopper must choose at least one and
// each chosen link's price is added to the unit; otherwise the product comes with all its links
// and their prices are not added. Prices are read from the product each time the cart is priced.

/** Magento's message when a product whose links are bought separately comes without any. */
export const SPECIFY_LINKS_MESSAGE = 'Please specify product link(s).';

export const isDownloadableUid = (uid: string) => decodeUid(uid).startsWith('downloadable/');

/**
 * The line's stored link ids from the uids of `selected_options` and the ids of the older
 * mutation's `downloadable_product_links`; null for a product that is not downloadable (which
 * refuses links). Throws a CartUserError, changing nothing, for a link that is not the product's.
 */
export function chooseDownloadableLinks(
  product: ProductTable,
  stored: StoredDownloadables | undefined,
  request: { selected: readonly string[]; linkIds: readonly number[] },
): string | null {
  const asked = [
    ...request.selected.filter(isDownloadableUid).map((uid) => parseDownloadableLinkUid(uid) ?? -1),
    ...request.linkIds,
  ];
  if (product.type !== 'downloadable') {
    if (asked.length > 0) throw new CartUserError('UNDEFINED', 'The options you selected are not available.');
    return null;
  }
  const links = stored?.links ?? [];
  if (links.length === 0)
    throw new CartUserError('NOT_SALABLE', 'Product that you are trying to add is not available.');
  const separately = (stored?.links_purchased_separately ?? 1) === 1;
  if (!separately) return JSON.stringify(links.map((l) => l.id).sort((a, b) => a - b));
  const known = new Set(links.map((l) => l.id));
  for (const id of asked)
    if (!known.has(id))
      throw new CartUserError('UNDEFINED', 'Some of the selected links are not links of this product.');
  const chosen = [...new Set(asked)].sort((a, b) => a - b);
  if (chosen.length === 0) throw new CartUserError('UNDEFINED', SPECIFY_LINKS_MESSAGE);
  return JSON.stringify(chosen);
}

/** The stored ids as a list; [] for a line without links. */
export function parseLinkIds(stored: string | null | undefined): number[] {
  if (!stored) return [];
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((v): v is number => typeof v === 'number') : [];
}

/** A chosen link as the cart shows and the order records it; `price` is what it adds to a unit. */
export interface ChosenDownloadableLink {
  link: DownloadableLinkTable;
  price: number;
}

/**
 * The line's links that the product still has (a link removed since is left out), each with what
 * it adds to a unit in minor units of the product's currency: its price when links are bought
 * separately, nothing otherwise.
 */
export function chosenDownloadableLinks(
  stored: StoredDownloadables | undefined,
  line: string | null | undefined,
): ChosenDownloadableLink[] {
  const ids = new Set(parseLinkIds(line));
  const separately = (stored?.links_purchased_separately ?? 1) === 1;
  return (stored?.links ?? [])
    .filter((l) => ids.has(l.id))
    .map((link) => ({ link, price: separately ? link.price : 0 }));
}
