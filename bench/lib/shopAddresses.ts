import { randomBytes } from 'node:crypto';

/** Storefront addresses of a running demo shop: every product page and category page. */
export interface ShopAddresses {
  products: string[];
  categories: string[];
}

async function query<T>(origin: string, text: string): Promise<T> {
  const response = await fetch(`${origin}/graphql?query=${encodeURIComponent(text)}`);
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`query failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

export async function shopAddresses(origin: string): Promise<ShopAddresses> {
  const { products } = await query<{ products: { items: { url_key: string; url_suffix: string | null }[] } }>(
    origin,
    '{ products(filter: {}, pageSize: 300) { items { url_key url_suffix } } }',
  );
  const { categoryList } = await query<{
    categoryList: { children: { url_path: string; children: { url_path: string }[] }[] }[];
  }>(origin, '{ categoryList { children { url_path children { url_path } } } }');
  const categoryPaths = categoryList.flatMap((root) =>
    root.children.flatMap((top) => [top.url_path, ...top.children.map((child) => child.url_path)]),
  );
  return {
    products: products.items.map((p) => `/${p.url_key}${p.url_suffix ?? '.html'}`),
    categories: categoryPaths.map((p) => `/${p}.html`),
  };
}

const WORDS = ['tee', 'jacket', 'blue', 'pant', 'bag', 'shoe', 'hoodie', 'short', 'red', 'lantern', 'wool', 'linen'];

/** A search no shopper has typed before: a known word and a fresh one, so it matches and is new. */
export function neverSeenSearchPhrase(): string {
  return `${WORDS[Math.floor(Math.random() * WORDS.length)]} ${randomBytes(3).toString('hex')}`;
}
