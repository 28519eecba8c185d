import type { SitemapService } from '@vela/commerce';

/**
 * Pages no search result should lead to: a shopper's own cart, checkout and account, and internal
 * search (endless thin pages). Each also says `noindex` in its head.
 */
const PRIVATE_PATHS = ['cart', 'checkout', 'account', 'wishlist', 'search', 'customer', 'sales/guest'];
/** Not a page in any store: only at the root (the API, and the back office with its own API). */
const ROOT_ONLY_PATHS = ['graphql', 'admin'];

/**
 * robots.txt. Each path is closed as itself, as a folder and with a query, not as a bare prefix:
 * "Disallow: /cart" would also hide a product at /cart-wheel-tee.html. The private pages are
 * closed under every store's prefix too (`storePrefixes`: '/fr/' → /fr/cart, ...).
 */
export function robotsTxt(origin: string, hasSitemap: boolean, storePrefixes: readonly string[] = []): string {
  const lines = ['User-agent: *'];
  const close = (path: string) => lines.push(`Disallow: ${path}$`, `Disallow: ${path}/`, `Disallow: ${path}?`);
  for (const path of [...PRIVATE_PATHS, ...ROOT_ONLY_PATHS]) close(`/${path}`);
  const prefixes = new Set(storePrefixes.map((p) => `/${p.replace(/^\/+|\/+$/g, '')}`).filter((p) => p !== '/'));
  for (const prefix of prefixes) for (const path of PRIVATE_PATHS) close(`${prefix}/${path}`);
  if (hasSitemap) lines.push('', `Sitemap: ${new URL('/sitemap.xml', origin).href}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The URL prefixes of the embedded catalog's store views ('/fr/'); none when fronting Magento.
 * Should reading them fail, robots.txt still answers with the root's rules: an error there would
 * stop crawlers altogether.
 */
export async function storePrefixesOf(sitemap: SitemapService | undefined): Promise<string[]> {
  if (!sitemap) return [];
  try {
    return (await sitemap.stores()).map((store) => store.urlPrefix);
  } catch {
    return [];
  }
}
