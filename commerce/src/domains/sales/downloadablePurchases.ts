import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, DownloadableLinkPurchasedTable, SalesOrderItemTable } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { sqlTimestamp } from '../../kernel/clock';
import { downloadableLinkUid } from '../catalog';

// The links an order bought (Magento's downloadable_link_purchased_item): one row per link and
// order line, written with the order, with a secret address part and the downloads allowed. When
// a link may be downloaded follows Magento's default "Order Item Status to Enable Downloads"
// (Invoiced): once its line has an invoice, until the line is refunded, the order is canceled or
// closed, or the downloads are used up. The status is derived, never stored, so an invoice, a
// refund or a cancellation needs no second write to keep it right.

/** A link as an order line records it (sales_order_item.downloadable_links). */
export interface OrderedDownloadableLink {
  id: number;
  title: string;
  sort_order: number;
}

/** What placement knows of a bought link: the catalog's link as it is when ordered. */
export interface LinkBought {
  id: number;
  title: string;
  sort_order: number;
  link_type: 'file' | 'url';
  link_file: string | null;
  link_url: string | null;
  number_of_downloads: number;
}

export function orderedDownloadableLinks(links: readonly LinkBought[]): string | null {
  if (links.length === 0) return null;
  return JSON.stringify(links.map((l) => ({ id: l.id, title: l.title, sort_order: l.sort_order })));
}

export function downloadableLinksOf(item: Pick<SalesOrderItemTable, 'downloadable_links'>) {
  const links = item.downloadable_links ? (JSON.parse(item.downloadable_links) as OrderedDownloadableLink[]) : [];
  return links.map((l) => ({ uid: downloadableLinkUid(l.id), title: l.title, sort_order: l.sort_order }));
}

/** Records the links of each downloadable order line, in the placement's transaction. */
export async function recordPurchasedLinks(
  trx: Kysely<Database>,
  order: { id: number; customerId: number | null; createdAt: Date },
  lines: ReadonlyArray<{ line: number; quantity: number; links: readonly LinkBought[] }>,
): Promise<void> {
  for (const { line, quantity, links } of lines)
    for (const link of links)
      await trx
        .insertInto('downloadable_link_purchased')
        .values({
          id: await nextId(trx, 'downloadable_link_purchased'),
          order_id: order.id,
          order_line: line,
          customer_id: order.customerId,
          link_id: link.id,
          link_title: link.title,
          link_type: link.link_type,
          link_file: link.link_file,
          link_url: link.link_url,
          // Magento's allowance is per unit: two copies bought, twice the downloads.
          downloads_bought: link.number_of_downloads * quantity,
          downloads_used: 0,
          link_hash: randomBytes(32).toString('base64url'),
          created_at: sqlTimestamp(order.createdAt),
          updated_at: null,
        })
        .execute();
}

export type PurchasedLinkStatus = 'pending' | 'pending_payment' | 'payment_review' | 'available' | 'expired';

/** Whether a bought link may be downloaded now, from its order and order line. */
export function purchasedLinkStatus(
  orderStatus: string,
  item: Pick<SalesOrderItemTable, 'quantity' | 'qty_invoiced' | 'qty_refunded'>,
  link: Pick<DownloadableLinkPurchasedTable, 'downloads_bought' | 'downloads_used'>,
): PurchasedLinkStatus {
  if (orderStatus === 'canceled' || orderStatus === 'closed') return 'expired';
  if (item.qty_refunded >= item.quantity) return 'expired';
  if (link.downloads_bought > 0 && link.downloads_used >= link.downloads_bought) return 'expired';
  if (orderStatus === 'pending_payment' || orderStatus === 'payment_review') return orderStatus;
  return item.qty_invoiced > 0 ? 'available' : 'pending';
}

/** Magento's remaining_downloads: "Unlimited", or how many are left. */
export function remainingDownloads(link: Pick<DownloadableLinkPurchasedTable, 'downloads_bought' | 'downloads_used'>) {
  return link.downloads_bought === 0 ? 'Unlimited' : String(Math.max(0, link.downloads_bought - link.downloads_used));
}

/** Where a bought link is downloaded (Magento's route); the hash is the secret part. */
export const purchasedLinkPath = (hash: string) => `/downloadable/download/link/id/${hash}`;

/**
 * The signed-in customer's bought links, newest order first (Magento's customerDownloadableProducts
 * leaves out links whose payment is not settled: pending payment and payment review).
 */
export async function customerDownloadableProducts(db: Kysely<Database>, customerId: number) {
  const rows = await db
    .selectFrom('downloadable_link_purchased as p')
    .innerJoin('sales_order as o', 'o.id', 'p.order_id')
    .innerJoin('sales_order_item as i', (join) =>
      join.onRef('i.order_id', '=', 'p.order_id').onRef('i.line', '=', 'p.order_line'),
    )
    .select([
      'p.link_hash',
      'p.downloads_bought',
      'p.downloads_used',
      'o.number',
      'o.status as order_status',
      'o.created_at',
      'i.quantity',
      'i.qty_invoiced',
      'i.qty_refunded',
    ])
    .where('p.customer_id', '=', customerId)
    .where('o.customer_id', '=', customerId)
    .orderBy('o.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.flatMap((r) => {
    const status = purchasedLinkStatus(r.order_status, r, r);
    if (status === 'pending_payment' || status === 'payment_review') return [];
    return [
      {
        date: r.created_at,
        order_increment_id: r.number,
        status,
        remaining_downloads: remainingDownloads(r),
        downloadPath: purchasedLinkPath(r.link_hash),
      },
    ];
  });
}
