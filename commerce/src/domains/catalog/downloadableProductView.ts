import type { ProductTable } from '../../db/tables';
import { convertMinor, toMajor, type CurrencyConversion } from '../../kernel/money';
import type { RequestContext } from '../context';
import { downloadableLinkUid, type StoredDownloadables } from './downloadableLinks';

// DownloadableProduct's own fields, in Magento's shapes. A link's price is shown in the display
// currency. A sample kept at an address is answered with it; a sample kept as a file of the shop
// has no address to give yet (the download address is not built), so it answers null rather than
// an address that would fail.

const FILE_TYPES = { file: 'FILE', url: 'URL' } as const;

async function downloadablesOf(p: ProductTable, context: RequestContext): Promise<StoredDownloadables | undefined> {
  return (await context.loaders.downloadables.load(p.id)) ?? undefined;
}

const sampleAddress = (type: string | null, url: string | null) => (type === 'url' ? url : null);

export function downloadableLinksView(
  stored: StoredDownloadables | undefined,
  currency: string,
  display: CurrencyConversion,
) {
  return (stored?.links ?? []).map((l) => ({
    uid: downloadableLinkUid(l.id),
    id: l.id,
    title: l.title,
    sort_order: l.sort_order,
    price: toMajor(convertMinor(l.price, currency, display), display.currency),
    sample_url: sampleAddress(l.sample_type, l.sample_url),
    is_shareable: l.is_shareable === 1,
    link_type: FILE_TYPES[l.link_type],
    number_of_downloads: l.number_of_downloads,
    sample_type: l.sample_type ? FILE_TYPES[l.sample_type] : null,
    sample_file: null,
  }));
}

export function downloadableSamplesView(stored: StoredDownloadables | undefined) {
  return (stored?.samples ?? []).map((s) => ({
    id: s.id,
    title: s.title,
    sort_order: s.sort_order,
    sample_url: sampleAddress(s.sample_type, s.sample_url),
    sample_type: FILE_TYPES[s.sample_type],
    sample_file: null,
  }));
}

export const downloadableProductFields = {
  downloadable_product_links: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    downloadableLinksView(await downloadablesOf(p, context), p.currency, context.store),
  downloadable_product_samples: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    downloadableSamplesView(await downloadablesOf(p, context)),
  links_purchased_separately: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    (await downloadablesOf(p, context))?.links_purchased_separately ?? 1,
  links_title: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    (await downloadablesOf(p, context))?.links_title ?? null,
};
