/**
 * Pages no search result should lead to: a shopper's own cart, checkout and account, and internal
 * search (endless thin pages). Each also says `noindex` in its head.
 */
const PRIVATE_PATHS = ['cart', 'checkout', 'account', 'wishlist', 'search', 'customer', 'sales/guest', 'graphql'];

/**
 * robots.txt. Each path is closed as itself, as a folder and with a query, not as a bare prefix:
 * "Disallow: /cart" would also hide a product at /cart-wheel-tee.html.
 */
export function robotsTxt(origin: string, hasSitemap: boolean): string {
  const lines = ['User-agent: *'];
  for (const path of PRIVATE_PATHS) lines.push(`Disallow: /${path}$`, `Disallow: /${path}/`, `Disallow: /${path}?`);
  if (hasSitemap) lines.push('', `Sitemap: ${new URL('/sitemap.xml', origin).href}`);
  return `${lines.join('\n')}\n`;
}
