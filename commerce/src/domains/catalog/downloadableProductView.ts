import type { ProductTable } from '../../db/tables';
import { convertMinor, toMajor, type CurrencyConversion } from '../../kernel/money';
import type { RequestContext } from '../context';
import { downloadableLinkUid, type StoredDownloadables } from './downloadableLinks';

// DownloadableProduct's own fields, in Magento's shapes. A link's price is shown in the display
// currency. A sample kept at an address is answered with it; a sample kept as a file of the shop
// with the shop's own download address (Magento's routes, served by sales/downloadDelivery.ts).

const FILE_TYPES = { file: 'FILE', url: 'URL' } as const;

async function downloadablesOf(p: ProductTable, context: RequestContext): Promise<StoredDownloadables | undefined> {
  return (await context.loaders.downloadables.load(p.id)) ?? undefined;
}

/** Where a link's sample is downloaded from the shop (a path; made absolute on the way out). */
export const linkSamplePath = (linkId: number) => `/downloadable/download/linkSample/link_id/${linkId}`;
/** Where a product's sample is downloaded from the shop. */
export const samplePath = (sampleId: number) => `/downloadable/download/sample/sample_id/${sampleId}`;

type Absolute = (path: string) => string;

function sampleAddress(
  type: string | null,
  url: string | null,
  file: string | null,
  path: string,
  absolute: Absolute,
): string | null {
  if (type === 'url') return url;
  return type === 'file' && file ? absolute(path) : null;
}

export function downloadableLinksView(
  stored: StoredDownloadables | undefined,
  currency: string,
  display: CurrencyConversion,
  absolute: Absolute,
) {
  return (stored?.links ?? []).map((l) => ({
    uid: downloadableLinkUid(l.id),
    id: l.id,
    title: l.title,
    sort_order: l.sort_order,
    price: toMajor(convertMinor(l.price, currency, display), display.currency),
    sample_url: sampleAddress(l.sample_type, l.sample_url, l.sample_file, linkSamplePath(l.id), absolute),
    is_shareable: l.is_shareable === 1,
    link_type: FILE_TYPES[l.link_type],
    number_of_downloads: l.number_of_downloads,
    sample_type: l.sample_type ? FILE_TYPES[l.sample_type] : null,
    sample_file: null,
  }));
}

export function downloadableSamplesView(stored: StoredDownloadables | undefined, absolute: Absolute) {
  return (stored?.samples ?? []).map((s) => ({
    id: s.id,
    title: s.title,
    sort_order: s.sort_order,
    sample_url: sampleAddress(s.sample_type, s.sample_url, s.sample_file, samplePath(s.id), absolute),
    sample_type: FILE_TYPES[s.sample_type],
    sample_file: null,
  }));
}

export const downloadableProductFields = {
  downloadable_product_links: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    downloadableLinksView(await downloadablesOf(p, context), p.currency, context.store, (p) =>
      context.services.urls.absolute(p),
    ),
  downloadable_product_samples: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    downloadableSamplesView(await downloadablesOf(p, context), (p) => context.services.urls.absolute(p)),
  links_purchased_separately: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    (await downloadablesOf(p, context))?.links_purchased_separately ?? 1,
  links_title: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    (await downloadablesOf(p, context))?.links_title ?? null,
};
