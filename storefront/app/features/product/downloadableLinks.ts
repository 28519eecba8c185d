import type { ProductPageProduct } from './productPageQuery';
import type { ProductPriceLike } from './variantSelection';

// A downloadable product's links on its page: which the shopper may choose, whether one must be
// (when they are bought separately), and the price shown for the choice. The cart prices it again
// on the server; this only keeps the page's price honest while choosing.

export interface DownloadableLinkView {
  uid: string;
  title: string;
  price: number;
  sampleUrl: string | null;
}

export interface DownloadableView {
  title: string;
  /** True when each link is chosen and paid for; false when the product comes with all of them. */
  separately: boolean;
  links: DownloadableLinkView[];
  samples: Array<{ title: string; url: string }>;
}

export function downloadableView(product: ProductPageProduct): DownloadableView | null {
  if (product.__typename !== 'DownloadableProduct') return null;
  return {
    title: product.links_title ?? '',
    separately: product.links_purchased_separately !== 0,
    links: (product.downloadable_product_links ?? []).flatMap((l) =>
      l ? [{ uid: l.uid, title: l.title ?? '', price: l.price ?? 0, sampleUrl: l.sample_url ?? null }] : [],
    ),
    samples: (product.downloadable_product_samples ?? []).flatMap((s) =>
      s?.sample_url ? [{ title: s.title ?? '', url: s.sample_url }] : [],
    ),
  };
}

/** The price of one unit with the chosen links (their prices count only when bought separately). */
export function priceWithLinks(
  view: DownloadableView | null,
  chosen: readonly string[],
  price: ProductPriceLike,
): ProductPriceLike {
  if (!view?.separately || chosen.length === 0) return price;
  const extra = view.links.filter((l) => chosen.includes(l.uid)).reduce((sum, l) => sum + l.price, 0);
  return {
    ...price,
    final_price: { ...price.final_price, value: (price.final_price.value ?? 0) + extra },
    regular_price: { ...price.regular_price, value: (price.regular_price.value ?? 0) + extra },
  };
}
