import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { DomainError } from '../../kernel/domainError';
import { sqlTimestamp } from '../../kernel/clock';
import { RATE_RULES, type RateLimiter } from '../../kernel/rateLimiter';
import { createRequestAuth } from '../auth';
import { purchasedLinkStatus } from './downloadablePurchases';

// The download addresses, on Magento's routes:
//   /downloadable/download/link/id/<hash>          a bought link: its buyer only, once invoiced
//   /downloadable/download/sample/sample_id/<id>    a product's sample: anyone
//   /downloadable/download/linkSample/link_id/<id>  a link's sample: anyone
// Files are read from the shop's private folder under the media directory, where Magento keeps
// them (`downloadable/files/{links,samples,link_samples}`; the media handler never serves it).
// The path comes from the catalog, never from the request, and is checked again before use. A
// link kept at an address elsewhere is a redirect. Every request counts against the client's
// download limit; a bought link's download is counted in one conditional update, so parallel
// requests cannot download more often than allowed.

const FOLDERS = { link: 'links', sample: 'samples', linkSample: 'link_samples' } as const;
type Kind = keyof typeof FOLDERS;

function answer(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** The request's route and key, or null when the path is not a download address. */
export function parseDownloadPath(pathname: string): { kind: Kind; key: string } | null {
  const match =
    /^\/downloadable\/download\/(link\/id|sample\/sample_id|linkSample\/link_id)\/([A-Za-z0-9_-]{1,64})\/?$/.exec(
      pathname,
    );
  if (!match) return null;
  const kind: Kind = match[1] === 'link/id' ? 'link' : match[1] === 'sample/sample_id' ? 'sample' : 'linkSample';
  if (kind !== 'link' && !/^\d{1,12}$/.test(match[2]!)) return null;
  return { kind, key: match[2]! };
}

/** The file's place under `root`, or null when the stored path is not a plain path inside it. */
export function fileInside(root: string, stored: string): string | null {
  const segments = stored.split('/').filter((s) => s !== '');
  if (segments.length === 0 || segments.some((s) => s === '.' || s === '..' || !/^[A-Za-z0-9._-]+$/.test(s)))
    return null;
  const resolved = path.resolve(root, ...segments);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}

/** A file name safe in a header: its last segment, odd characters replaced. */
export function contentDisposition(stored: string): string {
  const base =
    stored
      .split('/')
      .filter((s) => s !== '')
      .pop() ?? 'download';
  const safe = base.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '') || 'download';
  return `attachment; filename="${safe}"`;
}

export interface DownloadDeliveryOptions {
  mediaDir: string;
  rateLimits: RateLimiter;
  now: () => Date;
}

export function createDownloadDelivery(db: Kysely<Database>, options: DownloadDeliveryOptions) {
  const root = path.resolve(options.mediaDir, 'downloadable', 'files');

  async function fileResponse(kind: Kind, stored: string, method: string, beforeSend?: () => Promise<boolean>) {
    const folder = path.join(root, FOLDERS[kind]);
    const file = fileInside(folder, stored);
    if (!file) return answer(404, 'The file is not available.');
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return answer(404, 'The file is not available.');
    if (beforeSend && !(await beforeSend())) return answer(403, 'No downloads are left for this link.');
    const headers = {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(info.size),
      'Content-Disposition': contentDisposition(stored),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    };
    if (method === 'HEAD') return new Response(null, { status: 200, headers });
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  }

  const redirect = (url: string) =>
    new Response(null, { status: 302, headers: { Location: url, 'Cache-Control': 'no-store' } });

  async function sample(kind: 'sample' | 'linkSample', id: number, method: string): Promise<Response> {
    const row =
      kind === 'sample'
        ? await db
            .selectFrom('downloadable_sample')
            .select(['sample_type', 'sample_file', 'sample_url'])
            .where('id', '=', id)
            .executeTakeFirst()
        : await db
            .selectFrom('downloadable_link')
            .select(['sample_type', 'sample_file', 'sample_url'])
            .where('id', '=', id)
            .executeTakeFirst();
    if (row?.sample_type === 'url' && row.sample_url) return redirect(row.sample_url);
    if (row?.sample_type !== 'file' || !row.sample_file) return answer(404, 'There is no such sample.');
    return fileResponse(kind, row.sample_file, method);
  }

  async function link(request: Request, hash: string): Promise<Response> {
    const row = await db
      .selectFrom('downloadable_link_purchased as p')
      .innerJoin('sales_order as o', 'o.id', 'p.order_id')
      .innerJoin('sales_order_item as i', (join) =>
        join.onRef('i.order_id', '=', 'p.order_id').onRef('i.line', '=', 'p.order_line'),
      )
      .select([
        'p.id',
        'p.customer_id',
        'p.link_type',
        'p.link_file',
        'p.link_url',
        'p.downloads_bought',
        'p.downloads_used',
        'o.status as order_status',
        'o.customer_id as order_customer_id',
        'i.quantity',
        'i.qty_invoiced',
        'i.qty_refunded',
      ])
      .where('p.link_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return answer(404, 'There is no such link.');
    // A customer's order is downloaded by that customer, signed in; a guest's by whoever holds
    // the secret address the order confirmation gave (Magento's link hash).
    if (row.order_customer_id !== null) {
      const customerId = await createRequestAuth(db, request, options.now).customerId();
      if (customerId === null) return answer(401, 'Sign in to download your product.');
      if (customerId !== row.order_customer_id) return answer(404, 'There is no such link.');
    }
    const status = purchasedLinkStatus(row.order_status, row, row);
    if (status === 'expired') return answer(403, 'This link has expired.');
    if (status !== 'available') return answer(403, 'The link is not available yet: the order has not been invoiced.');
    const count = async () => {
      const updated = await db
        .updateTable('downloadable_link_purchased')
        .set((eb) => ({ downloads_used: eb('downloads_used', '+', 1), updated_at: sqlTimestamp(options.now()) }))
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('downloads_bought', '=', 0), eb('downloads_used', '<', eb.ref('downloads_bought'))]))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    };
    if (row.link_type === 'url' && row.link_url)
      return (await count()) ? redirect(row.link_url) : answer(403, 'No downloads are left for this link.');
    if (!row.link_file) return answer(404, 'The file is not available.');
    // A HEAD asks about the file without using a download.
    return fileResponse('link', row.link_file, request.method, request.method === 'HEAD' ? undefined : count);
  }

  return async function handle(request: Request, client: string): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Use GET.', { Allow: 'GET, HEAD' });
    const route = parseDownloadPath(new URL(request.url).pathname);
    if (!route) return answer(404, 'Not found.');
    try {
      await options.rateLimits.consume(RATE_RULES.downloadPerClient, client);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'too-many-requests')
        return answer(429, error.message, { 'Retry-After': String(error.details.retryAfterSeconds ?? 60) });
      throw error;
    }
    if (route.kind === 'link') return link(request, route.key);
    return sample(route.kind, Number(route.key), request.method);
  };
}

export type DownloadDelivery = ReturnType<typeof createDownloadDelivery>;
