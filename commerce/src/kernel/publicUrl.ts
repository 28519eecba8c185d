// Magento answers absolute addresses for its base URLs and every image (clients such as Venia
// build URLs with `new URL(path, secure_base_media_url)`, which needs an absolute base). Paths
// are stored relative, so moving the shop to another address changes no data; they are made
// absolute on the way out, from the shop's public URL (the server's PUBLIC_URL), never from a
// request's Host header, which any client sets and a shared cache would keep.

/** Where a library caller that configured nothing is reached: the server's own default. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

export interface PublicUrls {
  /** The shop's public URL, without a trailing slash. */
  readonly base: string;
  /** A stored path made absolute; an address that already names its scheme is kept as it is. */
  absolute(pathOrUrl: string): string;
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function createPublicUrls(publicUrl: string = DEFAULT_PUBLIC_URL): PublicUrls {
  const base = publicUrl.replace(/\/+$/, '');
  const root = new URL(`${base}/`);
  return {
    base,
    absolute: (pathOrUrl) => (HAS_SCHEME.test(pathOrUrl) ? pathOrUrl : new URL(pathOrUrl, root).href),
  };
}
